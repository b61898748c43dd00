import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton, TextField, serverFieldErrors, useCallForm } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import {
  recoveryPasswordSchema,
  useChangePasswordWithCode,
  type RecoveryPasswordInput,
} from '../api/change-password-with-code';
import {
  recoveryCodeSchema,
  useCheckResetCode,
  type RecoveryCodeInput,
} from '../api/check-reset-code';
import {
  recoveryUsernameSchema,
  useSendResetPassword,
  type RecoveryUsernameInput,
} from '../api/send-reset-password';
import { NewPasswordFields, UsernameField } from './auth-fields';
import { AuthDialog, AuthLayout, AuthSwitch, Steps } from './auth-layout';
import { openDialog } from '../stores/dialogs';
import { RECOVERY_LOGIN_DELAY_MS, initialRecovery, recoveryReducer } from './machines';
import { ResendCode } from './resend-code';

/** Recovery Password in four steps; 'Not a Member?' / 'Sign Up Now!' open registration. */
export function RecoveryDialog() {
  const { t } = useTranslation();
  return (
    <AuthDialog name="recovery" title={t('auth.recovery.title')} hideTitle>
      <RecoveryFlow />
    </AuthDialog>
  );
}

function RecoveryFlow() {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(recoveryReducer, initialRecovery);

  // The login form opens 1 s after step 4.
  useEffect(() => {
    if (state.step !== 4) return;
    const timer = window.setTimeout(() => openDialog('login'), RECOVERY_LOGIN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.step]);

  return (
    <AuthLayout
      title={t('auth.recovery.title')}
      subtitle={state.step < 4 ? t(`auth.recovery.step${state.step}Text`) : undefined}
      footer={
        <AuthSwitch
          text={t('auth.recovery.notMember')}
          link={t('auth.recovery.signUpNow')}
          to="register"
        />
      }
    >
      <Steps
        current={state.step - 1}
        labels={[
          t('auth.recovery.stepUsername'),
          t('auth.recovery.stepCode'),
          t('auth.recovery.stepPassword'),
        ]}
      />
      {state.step === 1 ? (
        <UsernameStep onSent={(username) => dispatch({ type: 'codeSent', username })} />
      ) : null}
      {state.step === 2 ? (
        <CodeStep
          username={state.username}
          onValid={(code) => dispatch({ type: 'codeValid', code })}
          onBack={() => dispatch({ type: 'back' })}
        />
      ) : null}
      {state.step === 3 ? (
        <PasswordStep
          username={state.username}
          code={state.code}
          onDone={() => dispatch({ type: 'passwordChanged' })}
        />
      ) : null}
      {state.step === 4 ? (
        <div className="auth__success" role="status">
          <span className="auth__success-icon" aria-hidden="true">
            <Icon name="check" size={32} />
          </span>
          <p>{t('auth.recovery.success')}</p>
        </div>
      ) : null}
    </AuthLayout>
  );
}

const USERNAME_ERRORS = serverFieldErrors<RecoveryUsernameInput>(['username']);

function UsernameStep({ onSent }: { onSent: (username: string) => void }) {
  const { t } = useTranslation();
  const mutation = useSendResetPassword(USERNAME_ERRORS);
  const {
    register,
    onSubmit,
    formState: { errors, isValid },
  } = useCallForm(recoveryUsernameSchema, { username: '' }, USERNAME_ERRORS, (values, failed) =>
    mutation.mutate(values, { onSuccess: () => onSent(values.username), onError: failed }),
  );
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <UsernameField id="recovery-username" error={errors.username} {...register('username')} />
      <SubmitButton
        ready={isValid}
        pending={mutation.isPending}
        icon="mail"
        label={t('auth.recovery.sendCode')}
      />
    </form>
  );
}

const CODE_ERRORS = serverFieldErrors<RecoveryCodeInput>(['code']);

function CodeStep({
  username,
  onValid,
  onBack,
}: {
  username: string;
  onValid: (code: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useCheckResetCode(CODE_ERRORS);
  const resend = useSendResetPassword();
  const {
    register,
    onSubmit,
    formState: { errors, isValid },
  } = useCallForm(recoveryCodeSchema, { code: '' }, CODE_ERRORS, (values, failed) =>
    mutation.mutate(
      { username, code: values.code },
      { onSuccess: () => onValid(values.code), onError: failed },
    ),
  );
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="auth__hint">
        <Icon name="mail" size={18} />
        {t('auth.recovery.codeHint')}
      </p>
      <TextField
        id="recovery-code"
        label={t('auth.recovery.code')}
        error={errors.code}
        icon="key"
        autoComplete="one-time-code"
        inputMode="numeric"
        autoFocus
        placeholder="123456"
        {...register('code')}
      />
      <ResendCode resend={() => resend.mutateAsync({ username })} />
      <div className="form-actions">
        <button type="button" className="btn btn--ghost btn--lg" onClick={onBack}>
          <Icon name="chevronLeft" size={18} />
          {t('auth.register.back')}
        </button>
        <SubmitButton
          ready={isValid}
          pending={mutation.isPending}
          label={t('auth.recovery.checkCode')}
          inRow
        />
      </div>
    </form>
  );
}

const PASSWORD_ERRORS = serverFieldErrors<RecoveryPasswordInput>(['password', 'password2']);

function PasswordStep({
  username,
  code,
  onDone,
}: {
  username: string;
  code: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useChangePasswordWithCode(PASSWORD_ERRORS);
  const {
    register,
    onSubmit,
    formState: { errors, isValid },
  } = useCallForm(
    recoveryPasswordSchema,
    { password: '', password2: '' },
    PASSWORD_ERRORS,
    (values, failed) =>
      mutation.mutate({ username, code, ...values }, { onSuccess: onDone, onError: failed }),
  );
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <NewPasswordFields
        idPrefix="recovery"
        labels={[t('auth.fields.newPassword'), t('auth.fields.confirmPassword')]}
        errors={errors}
        register={register}
        autoFocus
      />
      <SubmitButton
        ready={isValid}
        pending={mutation.isPending}
        label={t('auth.recovery.changePassword')}
      />
    </form>
  );
}
