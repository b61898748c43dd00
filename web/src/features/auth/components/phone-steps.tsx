import { useEffect, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Field, InputBox, MASKS, MaskedInput, applyServerFieldError } from '@/components/ui/form';
import {
  codeFormSchema,
  phoneFormSchema,
  useUpdatePhone,
  type CodeFormInput,
  type PhoneFormInput,
} from '../api/update-phone';

type PhoneStepProps = {
  id: string;
  phone: string;
  /** The phone is shown but cannot be changed. */
  locked: boolean;
  onSent: (phone: string) => void;
  /** Extra content next to the label (a status tag). */
  tag?: ReactNode;
  submitLabel?: string;
};

/** Step 1: the phone and Send Code (POST customer/updatephone {step: 1, phone}). */
export function PhoneStepForm({ id, phone, locked, onSent, tag, submitLabel }: PhoneStepProps) {
  const { t } = useTranslation();
  const mutation = useUpdatePhone();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<PhoneFormInput>({
    resolver: zodResolver(phoneFormSchema),
    mode: 'onChange',
    defaultValues: { phone },
  });

  const onSubmit = handleSubmit(async (values) => {
    const res = await mutation.mutateAsync({ step: 1, phone: values.phone });
    if (res.success) onSent(values.phone);
    else applyServerFieldError(res, setError, ['phone']);
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <Field id={id} label={t('auth.fields.phone')} error={errors.phone} aside={tag}>
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <InputBox icon="phone">
              <MaskedInput
                id={id}
                mask={MASKS.phone}
                value={field.value}
                onValue={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                inputMode="tel"
                autoComplete="tel"
                placeholder={t('auth.fields.phonePlaceholder')}
                readOnly={locked}
                autoFocus={!locked}
                error={errors.phone}
              />
            </InputBox>
          )}
        />
      </Field>
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={!isValid || mutation.isPending}
        data-autofocus={locked ? true : undefined}
      >
        <Icon name="chat" size={18} />
        {mutation.isPending ? t('common.loading') : (submitLabel ?? t('auth.phone.sendCode'))}
      </button>
    </form>
  );
}

type CodeStepProps = {
  id: string;
  phone: string;
  onVerified: () => void;
  /** Called after a failed check (the code field is cleared either way). */
  onFailed?: () => void;
  submitLabel?: string;
  children?: ReactNode;
};

/** Step 2: the 6-digit SMS code (mask 00-00-00) and Validate (POST customer/updatephone {step: 2}). */
export function CodeStepForm({
  id,
  phone,
  onVerified,
  onFailed,
  submitLabel,
  children,
}: CodeStepProps) {
  const { t } = useTranslation();
  const mutation = useUpdatePhone();
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors, isValid },
  } = useForm<CodeFormInput>({
    resolver: zodResolver(codeFormSchema),
    mode: 'onChange',
    defaultValues: { code: '' },
  });

  useEffect(() => {
    setFocus('code');
  }, [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    const res = await mutation.mutateAsync({ step: 2, phone, code: values.code });
    if (res.success) {
      onVerified();
      return;
    }
    setValue('code', '', { shouldValidate: false });
    applyServerFieldError(res, setError, ['code']);
    onFailed?.();
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <Field id={id} label={t('auth.fields.code')} error={errors.code}>
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <InputBox icon="key">
              <MaskedInput
                id={id}
                mask={MASKS.code}
                value={field.value}
                onValue={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                autoComplete="one-time-code"
                placeholder="00-00-00"
                className="input--code"
                error={errors.code}
              />
            </InputBox>
          )}
        />
      </Field>
      {children}
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={!isValid || mutation.isPending}
      >
        <Icon name="check" size={18} />
        {mutation.isPending ? t('common.loading') : (submitLabel ?? t('auth.phone.validate'))}
      </button>
    </form>
  );
}

/** 905321234567 → +90 532 123 45 67 */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length !== 12) return phone;
  return `+${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10)}`;
}
