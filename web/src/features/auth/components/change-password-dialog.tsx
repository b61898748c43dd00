import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FORM_MODE, PasswordField, serverFieldErrors } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import {
  changePasswordSchema,
  useChangePassword,
  type ChangePasswordInput,
} from '../api/change-password';
import { closeDialog } from '../stores/dialogs';
import { AuthDialog } from './auth-layout';

/** Change password: Old Password, Password, Confirm Password and Change. */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  return (
    <AuthDialog name="changePassword" title={t('auth.changePassword.title')} size="medium">
      <ChangePasswordForm />
    </AuthDialog>
  );
}

const CHANGE_ERRORS = serverFieldErrors<ChangePasswordInput>([
  'oldPassword',
  'password',
  'confirmPassword',
]);

function ChangePasswordForm() {
  const { t } = useTranslation();
  const mutation = useChangePassword(CHANGE_ERRORS);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isValid },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    mode: FORM_MODE,
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => closeDialog('changePassword'),
      onError: (error) => CHANGE_ERRORS.apply(error, setError, setFocus),
    }),
  );
  return (
    <form className="form panel-form" onSubmit={onSubmit} noValidate>
      <p className="panel-form__intro">
        <Icon name="shield" size={18} />
        {t('auth.changePassword.text')}
      </p>
      <PasswordField
        id="cp-old"
        label={t('auth.changePassword.old')}
        autoComplete="current-password"
        autoFocus
        error={errors.oldPassword}
        {...register('oldPassword')}
      />
      <PasswordField
        id="cp-new"
        label={t('auth.changePassword.password')}
        autoComplete="new-password"
        error={errors.password}
        {...register('password', { deps: 'confirmPassword' })}
      />
      <PasswordField
        id="cp-confirm"
        label={t('auth.changePassword.confirm')}
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...register('confirmPassword')}
      />
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={!isValid || mutation.isPending}
      >
        {mutation.isPending ? t('common.loading') : t('auth.changePassword.submit')}
      </button>
    </form>
  );
}
