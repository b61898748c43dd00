import { useTranslation } from 'react-i18next';
import { PasswordField, SubmitButton, serverFieldErrors, useCallForm } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import { loginInputSchema, useLogin, type LoginInput } from '../api/login';
import { closeDialog, openDialog } from '../stores/dialogs';
import { UsernameField } from './auth-fields';
import { AuthDialog, AuthLayout, AuthSwitch } from './auth-layout';

/** Login: username, password, Login, the Recovery Password and Sign Up Now links. */
export function LoginDialog() {
  const { t } = useTranslation();
  return (
    <AuthDialog name="login" title={t('auth.login.title')} hideTitle>
      <AuthLayout
        title={t('auth.login.title')}
        subtitle={t('auth.login.subtitle')}
        footer={
          <AuthSwitch
            text={t('auth.login.noAccount')}
            link={t('auth.login.signUpNow')}
            to="register"
          />
        }
      >
        <LoginForm onDone={() => closeDialog('login')} />
      </AuthLayout>
    </AuthDialog>
  );
}

const LOGIN_ERRORS = serverFieldErrors<LoginInput>(['username', 'password']);

function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin(LOGIN_ERRORS);
  const {
    register,
    onSubmit,
    formState: { errors, isValid },
  } = useCallForm(
    loginInputSchema,
    { username: '', password: '' },
    LOGIN_ERRORS,
    // A wrong password stays, named under the field and selected for retyping.
    (values, failed) => loginMutation.mutate(values, { onSuccess: onDone, onError: failed }),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <UsernameField id="login-username" error={errors.username} {...register('username')} />
      <PasswordField
        id="login-password"
        label={t('auth.fields.password')}
        autoComplete="current-password"
        error={errors.password}
        {...register('password')}
      />
      <div className="auth__inline-links auth__inline-links--end">
        <button type="button" className="link-btn" onClick={() => openDialog('recovery')}>
          <Icon name="key" size={14} />
          {t('auth.login.recovery')}
        </button>
      </div>
      <SubmitButton
        ready={isValid}
        pending={loginMutation.isPending}
        icon="login"
        label={t('auth.login.submit')}
      />
    </form>
  );
}
