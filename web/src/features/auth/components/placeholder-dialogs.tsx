import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { closeDialog, openDialog, useOpenDialog, type DialogName } from '@/lib/dialogs';
import './auth-dialogs.css';

const titles: Record<Exclude<DialogName, 'login'>, string> = {
  register: 'auth.register.title',
  recovery: 'auth.recovery.title',
  changePassword: 'auth.changePassword.title',
  smsVerify: 'auth.smsVerify.title',
  phoneVerification: 'auth.phoneVerification.title',
};

/** The other dialog flags; their forms arrive with later issues. */
export function PlaceholderDialogs() {
  const open = useOpenDialog();
  const { t } = useTranslation();
  if (!open || open === 'login') return null;
  return (
    <Dialog
      open
      onClose={() => closeDialog()}
      title={t(titles[open])}
      size={open === 'register' ? 'register' : 'default'}
    >
      <div className="auth-soon">
        <Icon name="sparkle" size={44} className="auth-soon__icon" />
        <p className="auth-soon__title">{t('comingSoon.title')}</p>
        <p className="auth-soon__text">{t('comingSoon.dialogText')}</p>
        {open !== 'changePassword' && open !== 'phoneVerification' ? (
          <button type="button" className="btn btn--primary" onClick={() => openDialog('login')}>
            {t('auth.register.signInNow')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
