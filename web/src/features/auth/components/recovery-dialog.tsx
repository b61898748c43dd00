import { useEffect, useReducer } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import {
  Field,
  InputBox,
  PasswordInput,
  applyServerFieldError,
  describedBy,
} from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import { closeDialog, openDialog, useOpenDialog } from '@/lib/dialogs';
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
import { AuthLayout, Steps } from './auth-layout';
import { RECOVERY_LOGIN_DELAY_MS, initialRecovery, recoveryReducer } from './machines';

/** Recovery Password in four steps; 'Not a Member?' / 'Sign Up Now!' open registration. */
export function RecoveryDialog() {
  const open = useOpenDialog() === 'recovery';
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={() => closeDialog('recovery')}
      title={t('auth.recovery.title')}
      hideTitle
    >
      <RecoveryFlow />
    </Dialog>
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
        <span>
          {t('auth.recovery.notMember')}{' '}
          <button
            type="button"
            className="link-btn link-btn--accent"
            onClick={() => openDialog('register')}
          >
            {t('auth.recovery.signUpNow')}
          </button>
        </span>
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

function UsernameStep({ onSent }: { onSent: (username: string) => void }) {
  const { t } = useTranslation();
  const mutation = useSendResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<RecoveryUsernameInput>({
    resolver: zodResolver(recoveryUsernameSchema),
    mode: 'onChange',
    defaultValues: { username: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const res = await mutation.mutateAsync(values);
    if (res.success) onSent(values.username);
    else applyServerFieldError(res, setError, ['username']);
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <Field id="recovery-username" label={t('auth.fields.username')} error={errors.username}>
        <InputBox icon="user">
          <input
            id="recovery-username"
            autoComplete="username"
            data-autofocus
            placeholder={t('auth.fields.usernamePlaceholder')}
            {...describedBy('recovery-username', errors.username)}
            {...register('username')}
          />
        </InputBox>
      </Field>
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={!isValid || mutation.isPending}
      >
        <Icon name="mail" size={18} />
        {mutation.isPending ? t('common.loading') : t('auth.recovery.sendCode')}
      </button>
    </form>
  );
}

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
  const mutation = useCheckResetCode();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<RecoveryCodeInput>({
    resolver: zodResolver(recoveryCodeSchema),
    mode: 'onChange',
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const res = await mutation.mutateAsync({ username, code: values.code });
    if (res.success) onValid(values.code);
    else applyServerFieldError(res, setError, ['code']);
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="auth__hint">
        <Icon name="mail" size={18} />
        {t('auth.recovery.codeHint')}
      </p>
      <Field id="recovery-code" label={t('auth.recovery.code')} error={errors.code}>
        <InputBox icon="key">
          <input
            id="recovery-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            data-autofocus
            placeholder="123456"
            {...describedBy('recovery-code', errors.code)}
            {...register('code')}
          />
        </InputBox>
      </Field>
      <div className="form-actions">
        <button type="button" className="btn btn--ghost btn--lg" onClick={onBack}>
          <Icon name="chevronLeft" size={18} />
          {t('auth.register.back')}
        </button>
        <button
          type="submit"
          className="btn btn--primary btn--lg form-actions__main"
          disabled={!isValid || mutation.isPending}
        >
          {mutation.isPending ? t('common.loading') : t('auth.recovery.checkCode')}
        </button>
      </div>
    </form>
  );
}

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
  const mutation = useChangePasswordWithCode();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<RecoveryPasswordInput>({
    resolver: zodResolver(recoveryPasswordSchema),
    mode: 'onChange',
    defaultValues: { password: '', password2: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const res = await mutation.mutateAsync({ username, code, ...values });
    if (res.success) onDone();
    else applyServerFieldError(res, setError, ['password', 'password2']);
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <Field id="recovery-password" label={t('auth.fields.newPassword')} error={errors.password}>
        <PasswordInput
          id="recovery-password"
          autoComplete="new-password"
          autoFocus
          error={errors.password}
          {...register('password', { deps: 'password2' })}
        />
      </Field>
      <Field
        id="recovery-password2"
        label={t('auth.fields.confirmPassword')}
        error={errors.password2}
      >
        <PasswordInput
          id="recovery-password2"
          autoComplete="new-password"
          error={errors.password2}
          {...register('password2')}
        />
      </Field>
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={!isValid || mutation.isPending}
      >
        {mutation.isPending ? t('common.loading') : t('auth.recovery.changePassword')}
      </button>
    </form>
  );
}
