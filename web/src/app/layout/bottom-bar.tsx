import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useBalance } from '@/features/account/api/get-balance';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSession } from '@/lib/session-store';
import { openDialog } from '@/features/auth/stores/dialogs';
import { formatMoney } from '@/lib/format';

/** The mobile bottom bar: 60 px plus the safe area. */
export function BottomBar() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const balance = useBalance();
  if (!isLoggedIn) {
    return (
      <nav className="bottom-bar bottom-bar--guest" aria-label={t('bottomBar.label')}>
        <button type="button" className="btn btn--ghost" onClick={() => openDialog('register')}>
          <Icon name="userPlus" size={18} />
          {t('header.register')}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => openDialog('login')}>
          <Icon name="login" size={18} />
          {t('header.login')}
        </button>
      </nav>
    );
  }
  return (
    <nav className="bottom-bar" aria-label={t('bottomBar.label')}>
      <Link to="/dashboard" className="bottom-bar__item">
        <Icon name="user" />
        <span>{t('bottomBar.account')}</span>
      </Link>
      <NotificationBell className="bottom-bar__item" withLabel />
      <div className="bottom-bar__item bottom-bar__balance" aria-label={t('bottomBar.balance')}>
        <span className="tabular">{formatMoney(balance)}</span>
        <span>{t('bottomBar.balance')}</span>
      </div>
      <Link to="/dashboard/deposit" className="bottom-bar__item bottom-bar__deposit">
        <Icon name="plus" />
        <span>{t('header.deposit')}</span>
      </Link>
    </nav>
  );
}
