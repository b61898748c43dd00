import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MASKS,
  MaskedField,
  SubmitButton,
  serverFieldErrors,
  useCallForm,
} from '@/components/ui/form';
import {
  codeFormSchema,
  phoneFormSchema,
  useUpdatePhone,
  type CodeFormInput,
  type PhoneFormInput,
} from '../api/update-phone';
import { PhoneField } from './auth-fields';
import { useAuthDialogsContext } from './auth-dialogs-context';
import { ResendCode } from './resend-code';

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

const PHONE_ERRORS = serverFieldErrors<PhoneFormInput>(['phone']);

/** Step 1: the phone and Send Code (POST customer/updatephone {step: 1, phone}). */
export function PhoneStepForm({ id, phone, locked, onSent, tag, submitLabel }: PhoneStepProps) {
  const { t } = useTranslation();
  const mutation = useUpdatePhone(PHONE_ERRORS);
  const {
    control,
    onSubmit,
    formState: { errors, isValid },
  } = useCallForm(phoneFormSchema, { phone }, PHONE_ERRORS, (values, failed) =>
    mutation.mutate(
      { step: 1, phone: values.phone },
      { onSuccess: () => onSent(values.phone), onError: failed },
    ),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <PhoneField
        control={control}
        name="phone"
        id={id}
        error={errors.phone}
        aside={tag}
        readOnly={locked}
        autoFocus={!locked}
      />
      <SubmitButton
        ready={isValid}
        pending={mutation.isPending}
        icon="chat"
        label={submitLabel ?? t('auth.phone.sendCode')}
        data-autofocus={locked ? true : undefined}
      />
    </form>
  );
}

type CodeStepProps = {
  id: string;
  phone: string;
  /** With the trial bonus the check credited (lira; 0 when none was). */
  onVerified: (trialBonus: number) => void;
  /** Called after a failed check (the typed code stays, selected for retyping). */
  onFailed?: () => void;
  submitLabel?: string;
  children?: ReactNode;
};

const CODE_ERRORS = serverFieldErrors<CodeFormInput>(['code']);

/**
 * Step 2: the 6-digit SMS code (mask 00-00-00) and Validate (POST customer/updatephone {step: 2}),
 * with the resend after the 60 s countdown (step 1 again, to the same phone). A wrong code is named
 * under the field and stays, selected for retyping. A verified phone is also reported to the app
 * (`onPhoneVerified`: the profile shows it).
 */
export function CodeStepForm({
  id,
  phone,
  onVerified,
  onFailed,
  submitLabel,
  children,
}: CodeStepProps) {
  const { t } = useTranslation();
  const { onPhoneVerified } = useAuthDialogsContext();
  const mutation = useUpdatePhone(CODE_ERRORS);
  const resend = useUpdatePhone();
  const {
    control,
    setFocus,
    onSubmit,
    formState: { errors, isValid },
  } = useCallForm(codeFormSchema, { code: '' }, CODE_ERRORS, (values, failed) =>
    mutation.mutate(
      { step: 2, phone, code: values.code },
      {
        onSuccess: ({ data }) => {
          onPhoneVerified();
          onVerified(data.trialBonus ?? 0);
        },
        onError: (error) => {
          // The typed code stays, named wrong under the field and selected for retyping.
          failed(error);
          onFailed?.();
        },
      },
    ),
  );

  useEffect(() => {
    setFocus('code');
  }, [setFocus]);

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <MaskedField
        control={control}
        name="code"
        id={id}
        label={t('auth.fields.code')}
        error={errors.code}
        icon="key"
        mask={MASKS.code}
        autoComplete="one-time-code"
        placeholder="00-00-00"
        className="input--code"
      />
      <ResendCode resend={() => resend.mutateAsync({ step: 1, phone })} />
      {children}
      <SubmitButton
        ready={isValid}
        pending={mutation.isPending}
        icon="check"
        label={submitLabel ?? t('auth.phone.validate')}
      />
    </form>
  );
}
