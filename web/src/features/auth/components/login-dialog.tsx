import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { closeDialog, openDialog, useOpenDialog } from '@/lib/dialogs';
import { loginInputSchema, useLogin, type LoginInput } from '../api/login';
import './auth-dialogs.css';

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
      <div className="auth">
        <aside className="auth__art" aria-hidden="true">
          <div className="auth__art-glow" />
          <Icon name="sparkle" size={40} className="auth__art-icon" />
          <p className="auth__art-kicker">{t('auth.art.kicker')}</p>
          <p className="auth__art-title">{t('auth.art.title')}</p>
          <p className="auth__art-text">{t('auth.art.text')}</p>
        </aside>
        <div className="auth__main">
          <h2 className="auth__title">{t('auth.login.title')}</h2>
          <p className="auth__subtitle">{t('auth.login.subtitle')}</p>
          <LoginForm onDone={() => closeDialog('login')} />
          <div className="auth__links">
            <button type="button" className="link-btn" onClick={() => openDialog('recovery')}>
              {t('auth.login.recovery')}
            </button>
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
          </div>
        </div>
      </div>
    </Dialog>
  );
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    mode: 'onChange',
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const res = await loginMutation.mutateAsync(values);
    if (res.success) onDone();
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor="login-username">{t('auth.fields.username')}</label>
        <div className="input-wrap">
          <Icon name="user" size={18} className="input-wrap__icon" />
          <input
            id="login-username"
            autoComplete="username"
            data-autofocus
            aria-invalid={errors.username ? 'true' : undefined}
            placeholder={t('auth.fields.usernamePlaceholder')}
            {...register('username')}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('auth.fields.password')}</label>
        <div className="input-wrap">
          <Icon name="lock" size={18} className="input-wrap__icon" />
          <input
            id="login-password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            aria-invalid={errors.password ? 'true' : undefined}
            placeholder="••••••"
            {...register('password')}
          />
          <button
            type="button"
            className="input-wrap__action"
            onClick={() => setShowPassword((v) => !v)}
            aria-label={
              showPassword ? t('auth.fields.hidePassword') : t('auth.fields.showPassword')
            }
            aria-pressed={showPassword}
          >
            <Icon name={showPassword ? 'eyeOff' : 'eye'} size={18} />
          </button>
        </div>
      </div>
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={!isValid || loginMutation.isPending}
      >
        {loginMutation.isPending ? t('common.loading') : t('auth.login.submit')}
      </button>
    </form>
  );
}
