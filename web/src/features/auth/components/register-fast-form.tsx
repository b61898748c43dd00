import { useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton, serverFieldErrors, useDisabledReason } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import {
  FAST_STEPS,
  buildFastPayload,
  fastRegisterSchema,
  type FastRegisterInput,
} from '../api/register';
import { NewPasswordFields, PhoneField } from './auth-fields';
import { Steps } from './auth-layout';
import { LAST_FAST_STEP, fastStepReducer } from './machines';
import {
  ACCOUNT_DEFAULTS,
  ACCOUNT_FIELDS,
  AccountTextField,
  Agreements,
  type AccountTextName,
  type RegisterFormProps,
  useRegistration,
} from './register-fields';

const FAST_ERRORS = serverFieldErrors<FastRegisterInput>(ACCOUNT_FIELDS);

/** Fast Register: the account fields in three steps (personal, account, phone), isFast=true. */
export function FastRegisterForm({ onRegistered, trialAmount, termsPage }: RegisterFormProps) {
  const { t } = useTranslation();
  const [step, dispatch] = useReducer(fastStepReducer, 0);
  const {
    register,
    control,
    setFocus,
    onSubmit,
    pending,
    formState: { errors, isValid },
  } = useRegistration(
    fastRegisterSchema,
    { ...ACCOUNT_DEFAULTS, trialBonus: false },
    FAST_ERRORS,
    buildFastPayload,
    onRegistered,
    (field) => dispatch({ type: 'fieldError', field }),
  );
  const values = useWatch({ control });
  const stepValid = useMemo(() => {
    const { error } = fastRegisterSchema.safeParse(values);
    const fields = FAST_STEPS[step] as readonly string[];
    return !error?.issues.some((i) => fields.includes(String(i.path[0])));
  }, [values, step]);

  const last = step === LAST_FAST_STEP;
  // Next says why it waits, as Register does (issue 30: never a silently disabled button).
  const nextWhy = useDisabledReason(!last && !stepValid ? t('validation.fillAll') : null);
  // The new step's first field takes the focus in the commit that shows it (a layout effect): a
  // timer could fire after the player (or a test) had already moved into a later field of the
  // step, and send what they typed next into the first one.
  const focusStep = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (focusStep.current !== step) return;
    focusStep.current = null;
    setFocus(FAST_STEPS[step][0]);
  }, [step, setFocus]);
  const move = (event: { type: 'next'; stepValid: boolean } | { type: 'back' }) => {
    const next = fastStepReducer(step, event);
    focusStep.current = next === step ? null : next;
    dispatch(event);
  };

  const text = (name: AccountTextName) => (
    <AccountTextField form="fast" error={errors[name]} {...register(name)} />
  );

  return (
    <form
      className="form"
      onSubmit={(e) => {
        if (!last) {
          e.preventDefault();
          if (stepValid) move({ type: 'next', stepValid });
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
          <Agreements
            form="fast"
            control={control}
            error={errors.acceptTerms}
            trialAmount={trialAmount}
            termsPage={termsPage}
          />
        </>
      ) : null}
      <div className="form-actions">
        {step > 0 ? (
          <button
            type="button"
            className="btn btn--ghost btn--lg"
            onClick={() => move({ type: 'back' })}
          >
            <Icon name="chevronLeft" size={18} />
            {t('auth.register.back')}
          </button>
        ) : null}
        {last ? (
          <SubmitButton ready={isValid} pending={pending} label={t('auth.register.submit')} inRow />
        ) : (
          <button
            type="submit"
            className="btn btn--primary btn--lg form-actions__main"
            disabled={!stepValid}
            {...nextWhy.describedBy}
          >
            {t('auth.register.next')}
            <Icon name="chevronRight" size={18} />
          </button>
        )}
        {nextWhy.note}
      </div>
    </form>
  );
}
