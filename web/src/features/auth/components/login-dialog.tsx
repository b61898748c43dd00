import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Callout } from '@/components/ui/callout';
import { PasswordField, SubmitButton, serverFieldErrors, useCallForm } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import {
  ACCOUNT_KEY,
  closedAccount,
  loginInputSchema,
  useAskReopen,
  useLogin,
  type ClosedAccount,
  type LoginInput,
} from '../api/login';
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

/** A closed account's refusal is the form's own message (no toast). */
const LOGIN_META = { meta: { inlineFields: [...LOGIN_ERRORS.meta.inlineFields, ACCOUNT_KEY] } };

/**
 * A closed account (a time-out or a self-exclusion) says until when; when its self-exclusion is
 * over, the player may ask to reopen it, and the answer (when it reopens) replaces the message.
 */
function ClosedNotice({
  closed,
  pending,
  onReopen,
}: {
  closed: ClosedAccount;
  pending: boolean;
  onReopen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Callout
      as="div"
      tone="warning"
      strong
      icon="lock"
      className="auth-closed"
      role="alert"
      data-testid="login-closed"
    >
      <div className="auth-closed__body">
        <p>{closed.message}</p>
        {closed.reopen ? (
          <button
            type="button"
            className="btn btn--gold-outline btn--sm"
            onClick={onReopen}
            disabled={pending}
          >
            {pending ? t('common.loading') : t('auth.login.reopen')}
          </button>
        ) : null}
      </div>
    </Callout>
  );
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin(LOGIN_META);
  const reopenMutation = useAskReopen();
  const [closed, setClosed] = useState<ClosedAccount | null>(null);
  const {
    register,
    onSubmit,
    getValues,
    formState: { errors, isValid },
  } = useCallForm(
    loginInputSchema,
    { username: '', password: '' },
    LOGIN_ERRORS,
    // A wrong password stays, named under the field and selected for retyping.
    (values, failed) => {
      setClosed(null);
      loginMutation.mutate(values, {
        onSuccess: onDone,
        onError: (error) => {
          setClosed(closedAccount(error));
          failed(error);
        },
      });
    },
  );
  const askReopen = () =>
    reopenMutation.mutate(getValues(), {
      onSuccess: onDone,
      // The answer says when the account reopens; it is not offered again.
      onError: (error) => {
        const answer = closedAccount(error);
        if (answer) setClosed({ message: answer.message, reopen: false });
      },
    });

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
      {closed ? (
        <ClosedNotice closed={closed} pending={reopenMutation.isPending} onReopen={askReopen} />
      ) : null}
      <SubmitButton
        ready={isValid}
        pending={loginMutation.isPending}
        icon="login"
        label={t('auth.login.submit')}
      />
    </form>
  );
}
