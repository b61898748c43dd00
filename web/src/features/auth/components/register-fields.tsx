import { zodResolver } from '@hookform/resolvers/zod';
import {
  Controller,
  useForm,
  type Control,
  type DefaultValues,
  type FieldError,
  type FieldPathByValue,
  type FieldValues,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { $ZodType } from 'zod/v4/core';
import {
  CheckField,
  FORM_MODE,
  SubmitButton,
  TextField,
  type ServerFieldErrors,
} from '@/components/ui/form';
import { readAffiliateParams, type AffiliateParams } from '@/lib/affiliate';
import { formatMoney } from '@/lib/format';
import { useRegister, type RegisterPayload } from '../api/register';
import { NewPasswordFields } from './auth-fields';

/** The fields both registration forms share, with their ids `fast-…` / `full-…`. */

export type RegisterForm = 'fast' | 'full' | 'short';

/** The empty values of the fields both forms share. */
export const ACCOUNT_DEFAULTS = {
  name: '',
  surname: '',
  username: '',
  email: '',
  password: '',
  password2: '',
  phone: '',
  acceptTerms: false,
};

/** The fields both forms share (the ones the server may name in a field error). */
export const ACCOUNT_FIELDS = [
  'name',
  'surname',
  'username',
  'email',
  'password',
  'password2',
  'phone',
  'acceptTerms',
] as const;

/** The terms page when auth/form has not named it yet. */
export const DEFAULT_TERMS_PAGE = 4;

/** Icon and autocomplete of the text fields both forms share. */
const ACCOUNT_TEXT = {
  name: ['user', 'given-name'],
  surname: ['user', 'family-name'],
  username: ['user', 'username'],
  email: ['mail', 'email'],
} as const;

export type AccountTextName = keyof typeof ACCOUNT_TEXT;

/** A text field of either form; pass `{...register(name)}`. */
export function AccountTextField({
  form,
  error,
  autoFocus,
  ...registration
}: {
  form: RegisterForm;
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

/** The optional trial bonus checkbox (only when a trial bonus is offered), bound to the form. */
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
  const { t } = useTranslation();
  if (amount <= 0) return null;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <label className="check" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={field.value as boolean}
            onChange={(e) => field.onChange(e.target.checked)}
          />
          <span>
            <span className="check__title">
              {t('auth.register.trialBonus', { amount: formatMoney(amount) })}
            </span>
            <span className="check__text">{t('auth.register.trialBonusText')}</span>
          </span>
        </label>
      )}
    />
  );
}

/**
 * The consent at sign-up: 18 or older and the terms accepted, a required checkbox whose label links
 * the terms' content page (in a new tab, so the form keeps what was typed).
 */
function ConsentField<T extends FieldValues>({
  id,
  termsPage,
  control,
  name,
  error,
}: {
  id: string;
  termsPage: number;
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
  error?: FieldError;
}) {
  return (
    <CheckField control={control} name={name} id={id} error={error}>
      <Trans
        i18nKey="auth.register.consent"
        components={{
          terms: (
            <a href={`/pages/${termsPage}`} target="_blank" rel="noopener noreferrer">
              {null}
            </a>
          ),
        }}
      />
    </CheckField>
  );
}

type AccountFieldsProps = {
  form: 'short' | 'full';
  errors: Partial<Record<AccountTextName | 'password' | 'password2', FieldError>>;
  register: ((name: AccountTextName) => UseFormRegisterReturn<AccountTextName>) &
    Parameters<typeof NewPasswordFields>[0]['register'];
};

/**
 * The account fields of a one-page form (short and full): name (focused first), surname,
 * username, e-mail and the password twice.
 */
export function AccountFields({ form, errors, register }: AccountFieldsProps) {
  const { t } = useTranslation();
  const text = (name: AccountTextName) => (
    <AccountTextField
      form={form}
      error={errors[name]}
      autoFocus={name === 'name'}
      {...register(name)}
    />
  );
  return (
    <>
      {text('name')}
      {text('surname')}
      {text('username')}
      {text('email')}
      <NewPasswordFields
        idPrefix={form}
        labels={[t('auth.fields.password'), t('auth.fields.confirmPassword')]}
        errors={errors}
        register={register}
      />
    </>
  );
}

type AgreementsProps<T extends FieldValues> = {
  form: RegisterForm;
  control: Control<T>;
  /** The consent's error. */
  error?: FieldError;
  trialAmount: number;
  termsPage: number;
};

type WithAgreements = FieldValues & { trialBonus: boolean; acceptTerms: boolean };

/** The trial bonus (when one is offered) and the consent every registration form ends with. */
export function Agreements<T extends WithAgreements>({
  form,
  control,
  error,
  trialAmount,
  termsPage,
}: AgreementsProps<T>) {
  return (
    <>
      <TrialField
        control={control}
        name={'trialBonus' as FieldPathByValue<T, boolean>}
        id={`${form}-trial`}
        amount={trialAmount}
      />
      <ConsentField
        control={control}
        name={'acceptTerms' as FieldPathByValue<T, boolean>}
        id={`${form}-consent`}
        termsPage={termsPage}
        error={error}
      />
    </>
  );
}

/** The end of a one-page registration form (short and full): the agreements and Register. */
export function RegisterEnd<T extends WithAgreements>({
  ready,
  pending,
  ...agreements
}: AgreementsProps<T> & { ready: boolean; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Agreements {...agreements} />
      <SubmitButton ready={ready} pending={pending} label={t('auth.register.submit')} />
    </>
  );
}

/** What a registration form reports: the payload it registered with, and the server's message. */
export type RegisterFormProps = {
  onRegistered: (payload: RegisterPayload, message: string | null) => void;
  trialAmount: number;
  /** The content page of the terms (auth/form's terms.contentId). */
  termsPage: number;
};

/**
 * A registration form (fast, short or full): react-hook-form's form of `schema`, whose submit
 * registers (POST auth/register) with `payload` of the values and the visit's affiliate
 * parameters. A success moves the flow on (`onRegistered`); a field error the form can show goes
 * beside its field, and is reported (`onFieldError`: the fast form shows that field's step).
 */
export function useRegistration<T extends FieldValues>(
  schema: $ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  fieldErrors: ServerFieldErrors<T>,
  payload: (input: T, affiliate: AffiliateParams) => RegisterPayload,
  onRegistered: (payload: RegisterPayload, message: string | null) => void,
  onFieldError?: (field: string) => void,
) {
  const form = useForm<T, unknown, T>({
    resolver: zodResolver(schema),
    mode: FORM_MODE,
    defaultValues,
  });
  // The flow decides where the server's message shows (RegisterFlow): no toast of its own.
  const mutation = useRegister({ meta: { ...fieldErrors.meta, successToast: false } });
  const { handleSubmit, setError } = form;
  const onSubmit = handleSubmit((input) => {
    const body = payload(input, readAffiliateParams());
    mutation.mutate(body, {
      onSuccess: ({ message }) => onRegistered(body, message),
      onError: (error) => {
        const field = fieldErrors.apply(error, setError);
        if (field) onFieldError?.(field);
      },
    });
  });
  return { ...form, onSubmit, pending: mutation.isPending };
}
