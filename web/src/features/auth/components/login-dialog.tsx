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
import { loginInputSchema, useLogin, type LoginInput } from '../api/login';
import { AuthLayout } from './auth-layout';

/** Login: username, password, Login, the Recovery Password and Sign Up Now links. */
export function LoginDialog() {
  const open = useOpenDialog() === 'login';
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={() => closeDialog('login')}
      title={t('auth.login.title')}
      hideTitle
    >
      <AuthLayout
        title={t('auth.login.title')}
        subtitle={t('auth.login.subtitle')}
        footer={
          <span>
            {t('auth.login.noAccount')}{' '}
            <button
              type="button"
              className="link-btn link-btn--accent"
              onClick={() => openDialog('register')}
            >
              {t('auth.login.signUpNow')}
            </button>
          </span>
        }
      >
        <LoginForm onDone={() => closeDialog('login')} />
      </AuthLayout>
    </Dialog>
  );
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    mode: 'onChange',
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const res = await loginMutation.mutateAsync(values);
    if (res.success) onDone();
    else applyServerFieldError(res, setError, ['username', 'password']);
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <Field id="login-username" label={t('auth.fields.username')} error={errors.username}>
        <InputBox icon="user">
          <input
            id="login-username"
            autoComplete="username"
            data-autofocus
            placeholder={t('auth.fields.usernamePlaceholder')}
            {...describedBy('login-username', errors.username)}
            {...register('username')}
          />
        </InputBox>
      </Field>
      <Field id="login-password" label={t('auth.fields.password')} error={errors.password}>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          error={errors.password}
          {...register('password')}
        />
      </Field>
      <div className="auth__inline-links auth__inline-links--end">
        <button type="button" className="link-btn" onClick={() => openDialog('recovery')}>
          <Icon name="key" size={14} />
          {t('auth.login.recovery')}
        </button>
      </div>
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={!isValid || loginMutation.isPending}
      >
        <Icon name="login" size={18} />
        {loginMutation.isPending ? t('common.loading') : t('auth.login.submit')}
      </button>
    </form>
  );
}
