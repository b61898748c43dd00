import type { ReactNode } from 'react';
import type {
  Control,
  FieldError,
  FieldPathByValue,
  FieldValues,
  UseFormRegisterReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MASKS, MaskedField, PasswordField, TextField } from '@/components/ui/form';

type PhoneFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  id: string;
  error?: FieldError;
  /** Extra content next to the label (a status tag). */
  aside?: ReactNode;
  readOnly?: boolean;
  autoFocus?: boolean;
};

/** The phone with the +90 mask (registration and the phone steps). */
export function PhoneField<T extends FieldValues>(props: PhoneFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <MaskedField
      {...props}
      label={t('auth.fields.phone')}
      icon="phone"
      mask={MASKS.phone}
      inputMode="tel"
      autoComplete="tel"
      placeholder={t('auth.fields.phonePlaceholder')}
    />
  );
}

/** The username of the login and recovery forms; pass `{...register('username')}`. */
export function UsernameField({
  id,
  error,
  ...registration
}: { id: string; error?: FieldError } & UseFormRegisterReturn) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={t('auth.fields.username')}
      error={error}
      icon="user"
      autoComplete="username"
      autoFocus
      placeholder={t('auth.fields.usernamePlaceholder')}
      {...registration}
    />
  );
}

type NewPasswordFieldsProps = {
  /** The inputs' ids: `${idPrefix}-password` and `${idPrefix}-password2`. */
  idPrefix: string;
  labels: [string, string];
  errors: { password?: FieldError; password2?: FieldError };
  register: (
    name: 'password' | 'password2',
    options?: { deps: 'password2' },
  ) => UseFormRegisterReturn;
  autoFocus?: boolean;
};

/** A new password and its confirmation (registration and recovery). */
export function NewPasswordFields({
  idPrefix,
  labels,
  errors,
  register,
  autoFocus,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        label={labels[0]}
        autoComplete="new-password"
        autoFocus={autoFocus}
        error={errors.password}
        {...register('password', { deps: 'password2' })}
      />
      <PasswordField
        id={`${idPrefix}-password2`}
        label={labels[1]}
        autoComplete="new-password"
        error={errors.password2}
        {...register('password2')}
      />
    </>
  );
}
