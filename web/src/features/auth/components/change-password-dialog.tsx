import { useTranslation } from 'react-i18next';
import { PasswordField, SubmitButton, serverFieldErrors, useCallForm } from '@/components/ui/form';
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
    onSubmit,
    formState: { errors, isValid },
  } = useCallForm(
    changePasswordSchema,
    { oldPassword: '', password: '', confirmPassword: '' },
    CHANGE_ERRORS,
    (values, failed) =>
      mutation.mutate(values, { onSuccess: () => closeDialog('changePassword'), onError: failed }),
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
      <SubmitButton
        ready={isValid}
        pending={mutation.isPending}
        label={t('auth.changePassword.submit')}
      />
    </form>
  );
}
