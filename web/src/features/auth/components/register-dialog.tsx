import { useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldError,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  Field,
  InputBox,
  MASKS,
  MaskedField,
  MaskedInput,
  TextField,
  applyServerFieldError,
  describedBy,
} from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import { readAffiliateParams } from '@/lib/affiliate';
import { useBootstrap, useSiteOptions } from '@/lib/bootstrap';
import { fireConfetti } from '@/lib/celebrate';
import { closeDialog } from '@/lib/dialogs';
import { formatMoney, formatPhone } from '@/lib/format';
import { openLiveChat } from '@/lib/live-chat';
import { useDefineTrialBonus } from '../api/define-trial-bonus';
import { defaultCountryId, useRegisterForm } from '../api/get-register-form';
import {
  DEFAULT_BIRTH,
  FAST_STEPS,
  REGISTER_FIELD_ALIASES,
  buildFastPayload,
  buildFullPayload,
  fastRegisterSchema,
  fullRegisterSchema,
  useRegister,
  wantsTrialBonus,
  type FastRegisterInput,
  type FullRegisterInput,
  type RegisterPayload,
} from '../api/register';
import { updatePhone } from '../api/update-phone';
import { NewPasswordFields, PhoneField } from './auth-fields';
import { AuthDialog, AuthLayout, AuthSwitch, Steps } from './auth-layout';
import { Celebration } from './celebration';
import { initialRegisterFlow, registerFlowReducer } from './machines';
import { CodeStepForm, PhoneStepForm } from './phone-steps';

export const TRIAL_DIALOG_CLOSE_MS = 1000;

/** Register: 'Sign Up' with the Fast Register and Default Register tabs, then the phone step. */
export function RegisterDialog() {
  const { t } = useTranslation();
  return (
    <AuthDialog name="register" title={t('auth.register.title')} hideTitle size="register">
      <RegisterFlow />
    </AuthDialog>
  );
}

function RegisterFlow() {
  const { t } = useTranslation();
  const [flow, dispatch] = useReducer(registerFlowReducer, initialRegisterFlow);
  const { data: bootstrap } = useBootstrap();
  const trialAmount = bootstrap?.trialBonusAmount ?? 0;
  const [autoSending, setAutoSending] = useState(false);

  const onRegistered = async (payload: RegisterPayload) => {
    const trial = wantsTrialBonus(payload) && trialAmount > 0;
    dispatch({ type: 'registered', phone: payload.phone, trialBonus: trial, trialAmount });
    if (!trial) return;
    // With a trial bonus the step-1 SMS goes out at once.
    setAutoSending(true);
    const res = await updatePhone({ step: 1, phone: payload.phone });
    setAutoSending(false);
    if (res.success) dispatch({ type: 'codeSent', phone: payload.phone });
  };

  if (flow.congratulations) return <Congratulations trialAmount={flow.trialAmount} />;

  if (flow.step === 0) {
    return (
      <AuthLayout
        wide
        title={t('auth.register.title')}
        subtitle={t('auth.register.subtitle')}
        footer={
          <AuthSwitch
            text={t('auth.register.haveAccount')}
            link={t('auth.register.signInNow')}
            to="login"
          />
        }
      >
        <RegisterTabs onRegistered={onRegistered} trialAmount={trialAmount} />
      </AuthLayout>
    );
  }

  const skip = (
    <button
      type="button"
      className="btn btn--text btn--block"
      onClick={() => closeDialog('register')}
    >
      {t('auth.phone.skip')}
    </button>
  );

  return (
    <AuthLayout
      title={t('auth.phone.title')}
      subtitle={
        flow.step === 1
          ? t('auth.phone.step1Text')
          : t('auth.phone.step2Text', { phone: formatPhone(flow.phone) })
      }
    >
      <Steps
        current={flow.step}
        labels={[t('auth.steps.account'), t('auth.steps.phone'), t('auth.steps.code')]}
      />
      {flow.trialAmount > 0 ? (
        <p className="auth__notice">
          <Icon name="gift" size={18} />
          {t('auth.phone.trialNotice', { amount: formatMoney(flow.trialAmount) })}
        </p>
      ) : null}
      {flow.step === 1 ? (
        autoSending ? (
          <p className="auth__pending" role="status">
            {t('auth.phone.sending')}
          </p>
        ) : (
          <PhoneStepForm
            id="register-phone"
            phone={flow.phone}
            locked={flow.phoneLocked}
            onSent={(phone) => dispatch({ type: 'codeSent', phone })}
          />
        )
      ) : (
        <CodeStepForm
          id="register-code"
          phone={flow.phone}
          onVerified={() => dispatch({ type: 'verified' })}
        >
          <div className="auth__inline-links">
            <button
              type="button"
              className="link-btn"
              onClick={() => dispatch({ type: 'changePhone' })}
            >
              {t('auth.phone.changePhone')}
            </button>
          </div>
        </CodeStepForm>
      )}
      {skip}
    </AuthLayout>
  );
}

function Congratulations({ trialAmount }: { trialAmount: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useSiteOptions();
  const trial = useDefineTrialBonus();
  const [claimed, setClaimed] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const claim = async () => {
    const res = await trial.mutateAsync();
    if (!res.success) return;
    setClaimed(true);
    fireConfetti();
    closeTimer.current = window.setTimeout(() => closeDialog('register'), TRIAL_DIALOG_CLOSE_MS);
  };

  return (
    <AuthLayout>
      {trialAmount > 0 ? (
        <Celebration
          title={t('auth.congrats.title')}
          text={
            claimed
              ? t('auth.congrats.trialClaimed', { amount: formatMoney(trialAmount) })
              : t('auth.congrats.trialText', { amount: formatMoney(trialAmount) })
          }
        >
          <button
            type="button"
            className="btn btn--gold btn--lg btn--block"
            onClick={() => void claim()}
            disabled={trial.isPending || claimed}
            data-autofocus
          >
            <Icon name="gift" size={18} />
            {t('auth.congrats.yes')}
          </button>
        </Celebration>
      ) : (
        <Celebration title={t('auth.congrats.title')} text={t('auth.congrats.text')}>
          <button
            type="button"
            className="btn btn--primary btn--lg"
            data-autofocus
            onClick={() => {
              closeDialog('register');
              void navigate('/dashboard/deposit');
            }}
          >
            <Icon name="wallet" size={18} />
            {t('header.deposit')}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--lg"
            onClick={() => openLiveChat(options['contact-email'])}
          >
            <Icon name="chat" size={18} />
            {t('header.liveChat')}
          </button>
        </Celebration>
      )}
    </AuthLayout>
  );
}

type Tab = 'fast' | 'full';

type RegisterFormProps = {
  onRegistered: (payload: RegisterPayload) => Promise<void>;
  trialAmount: number;
};

function RegisterTabs({ onRegistered, trialAmount }: RegisterFormProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('fast');
  const tabs: { id: Tab; label: string }[] = [
    { id: 'fast', label: t('auth.register.fastTab') },
    { id: 'full', label: t('auth.register.fullTab') },
  ];
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next: Tab = tab === 'fast' ? 'full' : 'fast';
    setTab(next);
    document.getElementById(`register-tab-${next}`)?.focus();
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={t('auth.register.title')}>
        {tabs.map((item) => (
          <button
            key={item.id}
            id={`register-tab-${item.id}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab === item.id}
            aria-controls={`register-panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => setTab(item.id)}
            onKeyDown={onKey}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        id={`register-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`register-tab-${tab}`}
        className="tabs__panel"
      >
        {tab === 'fast' ? (
          <FastRegisterForm onRegistered={onRegistered} trialAmount={trialAmount} />
        ) : (
          <FullRegisterForm onRegistered={onRegistered} trialAmount={trialAmount} />
        )}
      </div>
    </>
  );
}

function TrialCheckbox({
  id,
  amount,
  checked,
  onChange,
}: {
  id: string;
  amount: number;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  if (amount <= 0) return null;
  return (
    <label className="check" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="check__title">
          {t('auth.register.trialBonus', { amount: formatMoney(amount) })}
        </span>
        <span className="check__text">{t('auth.register.trialBonusText')}</span>
      </span>
    </label>
  );
}

/** The trial bonus checkbox bound to the form's trialBonus flag. */
function TrialField<T extends FieldValues>({
  id,
  amount,
  control,
  name,
}: {
  id: string;
  amount: number;
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TrialCheckbox
          id={id}
          amount={amount}
          checked={field.value as boolean}
          onChange={field.onChange}
        />
      )}
    />
  );
}

/** Icon and autocomplete of the text fields both forms share. */
const ACCOUNT_TEXT = {
  name: ['user', 'given-name'],
  surname: ['user', 'family-name'],
  username: ['user', 'username'],
  email: ['mail', 'email'],
} as const;

type AccountTextName = keyof typeof ACCOUNT_TEXT;

/** A text field of either form (ids `fast-…` / `full-…`); pass `{...register(name)}`. */
function AccountTextField({
  form,
  error,
  autoFocus,
  ...registration
}: {
  form: Tab;
  error?: FieldError;
  autoFocus?: boolean;
} & UseFormRegisterReturn<AccountTextName>) {
  const { t } = useTranslation();
  const { name } = registration;
  const [icon, autoComplete] = ACCOUNT_TEXT[name];
  return (
    <TextField
      id={`${form}-${name}`}
      label={t(`auth.fields.${name}`)}
      error={error}
      icon={icon}
      autoComplete={autoComplete}
      type={name === 'email' ? 'email' : 'text'}
      placeholder={t(`auth.placeholders.${name}`)}
      autoFocus={autoFocus}
      {...registration}
    />
  );
}

/** The empty values of the fields both forms share. */
const ACCOUNT_DEFAULTS = {
  name: '',
  surname: '',
  username: '',
  email: '',
  password: '',
  password2: '',
  phone: '',
};

const FAST_FIELDS = [
  'name',
  'surname',
  'username',
  'email',
  'password',
  'password2',
  'phone',
] as const;

function FastRegisterForm({ onRegistered, trialAmount }: RegisterFormProps) {
  const { t } = useTranslation();
  const mutation = useRegister();
  const [step, setStep] = useState(0);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isValid },
  } = useForm<FastRegisterInput>({
    resolver: zodResolver(fastRegisterSchema),
    mode: 'onChange',
    defaultValues: { ...ACCOUNT_DEFAULTS, trialBonus: false },
  });
  const values = useWatch({ control });
  const stepValid = useMemo(() => {
    const parsed = fastRegisterSchema.safeParse(values);
    if (parsed.success) return true;
    const fields = FAST_STEPS[step] as readonly string[];
    return !parsed.error.issues.some((i) => fields.includes(String(i.path[0])));
  }, [values, step]);

  const last = step === FAST_STEPS.length - 1;
  const goTo = (next: number) => {
    setStep(next);
    window.setTimeout(() => setFocus(FAST_STEPS[next][0]), 0);
  };

  const onSubmit = handleSubmit(async (input) => {
    const payload = buildFastPayload(input, readAffiliateParams());
    const res = await mutation.mutateAsync(payload);
    if (res.success) {
      await onRegistered(payload);
      return;
    }
    applyServerFieldError(res, setError, FAST_FIELDS);
    const at = FAST_STEPS.findIndex((fields) =>
      (fields as readonly string[]).includes(res.field ?? ''),
    );
    if (at >= 0) setStep(at);
  });

  const text = (name: AccountTextName) => (
    <AccountTextField form="fast" error={errors[name]} {...register(name)} />
  );

  return (
    <form
      className="form"
      onSubmit={(e) => {
        if (!last) {
          e.preventDefault();
          if (stepValid) goTo(step + 1);
          return;
        }
        void onSubmit(e);
      }}
      noValidate
    >
      <Steps
        current={step}
        labels={[t('auth.steps.personal'), t('auth.steps.account'), t('auth.steps.phone')]}
      />
      {step === 0 ? (
        <div className="form-grid">
          {text('name')}
          {text('surname')}
          <div className="form-grid__full">{text('username')}</div>
        </div>
      ) : null}
      {step === 1 ? (
        <div className="form-grid">
          <div className="form-grid__full">{text('email')}</div>
          <NewPasswordFields
            idPrefix="fast"
            labels={[t('auth.fields.password'), t('auth.fields.password2')]}
            errors={errors}
            register={register}
          />
        </div>
      ) : null}
      {step === 2 ? (
        <>
          <PhoneField control={control} name="phone" id="fast-phone" error={errors.phone} />
          <TrialField control={control} name="trialBonus" id="fast-trial" amount={trialAmount} />
        </>
      ) : null}
      <div className="form-actions">
        {step > 0 ? (
          <button type="button" className="btn btn--ghost btn--lg" onClick={() => goTo(step - 1)}>
            <Icon name="chevronLeft" size={18} />
            {t('auth.register.back')}
          </button>
        ) : null}
        {last ? (
          <button
            type="submit"
            className="btn btn--primary btn--lg form-actions__main"
            disabled={!isValid || mutation.isPending}
          >
            {mutation.isPending ? t('common.loading') : t('auth.register.submit')}
          </button>
        ) : (
          <button
            type="submit"
            className="btn btn--primary btn--lg form-actions__main"
            disabled={!stepValid}
          >
            {t('auth.register.next')}
            <Icon name="chevronRight" size={18} />
          </button>
        )}
      </div>
    </form>
  );
}

const BIRTH_PARTS = ['birthDateDay', 'birthDateMonth', 'birthDateYear'] as const;

const FULL_FIELDS = [...FAST_FIELDS, 'personalNo', ...BIRTH_PARTS, 'country'] as const;

function FullRegisterForm({ onRegistered, trialAmount }: RegisterFormProps) {
  const { t } = useTranslation();
  const mutation = useRegister();
  const affiliate = useMemo(() => readAffiliateParams(), []);
  const formQuery = useRegisterForm(affiliate.refId);
  const countries = useMemo(() => formQuery.data?.countries ?? [], [formQuery.data]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isValid },
  } = useForm<FullRegisterInput>({
    resolver: zodResolver(fullRegisterSchema),
    mode: 'onChange',
    defaultValues: {
      ...ACCOUNT_DEFAULTS,
      personalNo: '',
      birthDateDay: DEFAULT_BIRTH.day,
      birthDateMonth: DEFAULT_BIRTH.month,
      birthDateYear: DEFAULT_BIRTH.year,
      country: 0,
      trialBonus: false,
    },
  });

  // The default country is the one named Türkiye.
  useEffect(() => {
    if (getValues('country')) return;
    const id = defaultCountryId(countries);
    if (id != null) setValue('country', id, { shouldValidate: true });
  }, [countries, getValues, setValue]);

  const onSubmit = handleSubmit(async (input) => {
    const payload = buildFullPayload(input, readAffiliateParams());
    const res = await mutation.mutateAsync(payload);
    if (res.success) await onRegistered(payload);
    else applyServerFieldError(res, setError, FULL_FIELDS, REGISTER_FIELD_ALIASES);
  });

  const text = (name: AccountTextName) => (
    <AccountTextField
      form="full"
      error={errors[name]}
      autoFocus={name === 'name'}
      {...register(name)}
    />
  );

  const birthError = errors.birthDateDay ?? errors.birthDateMonth ?? errors.birthDateYear;
  const birthBox = (
    name: Path<FullRegisterInput> & ('birthDateDay' | 'birthDateMonth' | 'birthDateYear'),
    mask: string,
    label: string,
    placeholder: string,
  ) => (
    <Controller
      control={control}
      name={name}
      rules={{ deps: BIRTH_PARTS.filter((p) => p !== name) }}
      render={({ field }) => (
        <MaskedInput
          id={`full-${name}`}
          mask={mask}
          value={field.value}
          onValue={(v) => {
            field.onChange(v);
          }}
          onBlur={() => {
            // 1 → 01 when leaving a day or month box.
            if (name !== 'birthDateYear' && field.value.length === 1) {
              setValue(name, field.value.padStart(2, '0'), { shouldValidate: true });
            }
            field.onBlur();
          }}
          inputRef={field.ref}
          placeholder={placeholder}
          aria-label={label}
          className={`date-box date-box--${name === 'birthDateYear' ? 'year' : 'short'}`}
          error={errors[name]}
        />
      )}
    />
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="form-grid">
        {text('name')}
        {text('surname')}
        {text('username')}
        {text('email')}
        <NewPasswordFields
          idPrefix="full"
          labels={[t('auth.fields.password'), t('auth.fields.confirmPassword')]}
          errors={errors}
          register={register}
        />
        <PhoneField control={control} name="phone" id="full-phone" error={errors.phone} />
        <MaskedField
          control={control}
          name="personalNo"
          id="full-personalNo"
          label={t('auth.fields.personalNo')}
          error={errors.personalNo}
          icon="idCard"
          mask={MASKS.personalNo}
          autoComplete="off"
          placeholder="12345678901"
        />
        <Field id="full-birthDateDay" label={t('auth.fields.birthDate')} error={birthError}>
          <div className="date-boxes" role="group" aria-label={t('auth.fields.birthDate')}>
            {birthBox('birthDateDay', MASKS.day, t('auth.fields.day'), t('auth.fields.dayShort'))}
            <span aria-hidden="true">.</span>
            {birthBox(
              'birthDateMonth',
              MASKS.month,
              t('auth.fields.month'),
              t('auth.fields.monthShort'),
            )}
            <span aria-hidden="true">.</span>
            {birthBox(
              'birthDateYear',
              MASKS.year,
              t('auth.fields.year'),
              t('auth.fields.yearShort'),
            )}
          </div>
        </Field>
        <Field id="full-country" label={t('auth.fields.country')} error={errors.country}>
          <Controller
            control={control}
            name="country"
            render={({ field }) => (
              <InputBox
                icon="flag"
                action={<Icon name="chevronDown" size={18} className="input-wrap__chevron" />}
              >
                <select
                  id="full-country"
                  ref={field.ref}
                  value={field.value || ''}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  onBlur={field.onBlur}
                  {...describedBy('full-country', errors.country)}
                >
                  <option value="" disabled>
                    {formQuery.isLoading ? t('common.loading') : t('auth.fields.selectCountry')}
                  </option>
                  {countries.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </InputBox>
            )}
          />
        </Field>
      </div>
      <TrialField control={control} name="trialBonus" id="full-trial" amount={trialAmount} />
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={!isValid || mutation.isPending}
      >
        {mutation.isPending ? t('common.loading') : t('auth.register.submit')}
      </button>
    </form>
  );
}
