import { useEffect, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  MASKS,
  MaskedField,
  SubmitButton,
  serverFieldErrors,
  useCallForm,
} from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import {
  codeFormSchema,
  phoneFormSchema,
  useUpdatePhone,
  type CodeFormInput,
  type PhoneFormInput,
} from '../api/update-phone';
import { useSmsSentAt } from '../stores/sms-sent';
import { PhoneField } from './auth-fields';
import { useAuthDialogsContext } from './auth-dialogs-context';
import { ResendCode, useResendWait, useResendWaitText } from './resend-code';

type PhoneStepProps = {
  id: string;
  phone: string;
  /** The phone is shown but cannot be changed. */
  locked: boolean;
  onSent: (phone: string) => void;
  /**
   * "I already have a code": the code step for the phone in the field, without a new SMS (a code
   * sent earlier, e.g. before the dialog was closed). Offered when given.
   */
  onHaveCode?: (phone: string) => void;
  /** Extra content next to the label (a status tag). */
  tag?: ReactNode;
  submitLabel?: string;
};

const PHONE_ERRORS = serverFieldErrors<PhoneFormInput>(['phone']);

/**
 * Step 1: the phone and Send Code (POST customer/updatephone {step: 1, phone}). Within 60 s of a
 * code sent to that phone, Send Code waits and says how long, counted down live (the server would
 * refuse it); "I already have a code" goes to the code step without a new SMS.
 */
export function PhoneStepForm({
  id,
  phone,
  locked,
  onSent,
  onHaveCode,
  tag,
  submitLabel,
}: PhoneStepProps) {
  const { t } = useTranslation();
  const mutation = useUpdatePhone(PHONE_ERRORS);
  const {
    control,
    onSubmit,
    handleSubmit,
    formState: { errors, isValid },
  } = useCallForm(phoneFormSchema, { phone }, PHONE_ERRORS, (values, failed) =>
    mutation.mutate(
      { step: 1, phone: values.phone },
      { onSuccess: () => onSent(values.phone), onError: failed },
    ),
  );
  const typed = useWatch({ control, name: 'phone' });
  const wait = useResendWait(useSmsSentAt(typed));
  const waitText = useResendWaitText();
  // The phone is checked as for Send Code (its rule shows under it when it is not a phone).
  const haveCode = onHaveCode ? handleSubmit((values) => onHaveCode(values.phone)) : undefined;

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
        ready={isValid && wait === 0}
        pending={mutation.isPending}
        icon="chat"
        label={submitLabel ?? t('auth.phone.sendCode')}
        blockedReason={wait > 0 ? waitText(wait) : undefined}
        data-autofocus={locked && wait === 0 ? true : undefined}
      />
      {haveCode ? (
        <p className="auth__have-code">
          <button
            type="button"
            className="link-btn link-btn--accent"
            data-autofocus={locked && wait > 0 ? true : undefined}
            onClick={() => void haveCode()}
          >
            <Icon name="key" size={14} />
            {t('auth.phone.haveCode')}
          </button>
        </p>
      ) : null}
    </form>
  );
}

type CodeStepProps = {
  id: string;
  phone: string;
  /** With the trial bonus the check credited (lira; 0 when none was) and the server's message. */
  onVerified: (trialBonus: number, message: string | null) => void;
  /**
   * Whether the server's message of the check shows as a toast (default yes). A flow whose next
   * screen says it (a congratulations screen) turns it off: one event, one message.
   */
  successToast?: boolean;
  /** Called after a failed check (the typed code stays, selected for retyping). */
  onFailed?: () => void;
  submitLabel?: string;
  children?: ReactNode;
};

const CODE_ERRORS = serverFieldErrors<CodeFormInput>(['code']);

/**
 * Step 2: the 6-digit SMS code (mask 00-00-00) and Validate (POST customer/updatephone {step: 2}),
 * with the resend after the 60 s countdown from the code's send (step 1 again, to the same phone;
 * offered at once when the code was not sent from this tab: "I already have a code"). A wrong code
 * is named under the field and stays, selected for retyping. A verified phone is also reported to
 * the app (`onPhoneVerified`: the profile shows it).
 */
export function CodeStepForm({
  id,
  phone,
  onVerified,
  onFailed,
  successToast = true,
  submitLabel,
  children,
}: CodeStepProps) {
  const { t } = useTranslation();
  const { onPhoneVerified } = useAuthDialogsContext();
  const mutation = useUpdatePhone({ meta: { ...CODE_ERRORS.meta, successToast } });
  const resend = useUpdatePhone();
  const sentAt = useSmsSentAt(phone);
  const {
    control,
    setFocus,
    onSubmit,
    formState: { errors, isValid },
  } = useCallForm(codeFormSchema, { code: '' }, CODE_ERRORS, (values, failed) =>
    mutation.mutate(
      { step: 2, phone, code: values.code },
      {
        onSuccess: ({ data, message }) => {
          onPhoneVerified();
          onVerified(data.trialBonus ?? 0, message);
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
      <ResendCode sentAt={sentAt} resend={() => resend.mutateAsync({ step: 1, phone })} />
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
