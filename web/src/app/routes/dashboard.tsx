import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { useAuth } from '@/lib/auth';
import { openDialog } from '@/lib/dialogs';
import { formatMoney } from '@/lib/format';
import { logout } from '@/lib/session';
import './pages.css';

const tiles: { key: string; icon: IconName; url: string }[] = [
  { key: 'dashboard.deposit', icon: 'wallet', url: '/dashboard/deposit' },
  { key: 'dashboard.withdraw', icon: 'arrowUp', url: '/dashboard/withdraw' },
  { key: 'dashboard.gameHistory', icon: 'games', url: '/dashboard/game-history' },
  { key: 'dashboard.bonuses', icon: 'gift', url: '/dashboard/bonuses' },
  { key: 'dashboard.financialActivities', icon: 'blog', url: '/dashboard/financial-activities' },
  { key: 'dashboard.sessionHistory', icon: 'clock', url: '/dashboard/session-history' },
  { key: 'dashboard.account', icon: 'user', url: '/dashboard/account' },
];

/** My Account: the dashboard tiles (spec section 2). */
export function DashboardRoute() {
  const { t } = useTranslation();
  const { authData, balance } = useAuth();
  return (
    <div className="page-stack">
      <header className="page-head">
        <span className="page-head__icon">
          <Icon name="user" size={24} />
        </span>
        <div>
          <h1 className="page-head__title">{t('header.myAccount')}</h1>
          <p className="muted tabular" style={{ margin: 0 }}>
            {authData?.username} · {formatMoney(balance)}
          </p>
        </div>
      </header>
      <div className="tiles">
        {tiles.map((tile) => (
          <Link key={tile.url} to={tile.url} className="tile">
            <span className="tile__icon">
              <Icon name={tile.icon} />
            </span>
            {t(tile.key)}
          </Link>
        ))}
        <button type="button" className="tile" onClick={() => openDialog('changePassword')}>
          <span className="tile__icon">
            <Icon name="lock" />
          </span>
          {t('dashboard.changePassword')}
        </button>
        <button type="button" className="tile tile--danger" onClick={logout}>
          <span className="tile__icon">
            <Icon name="logout" />
          </span>
          {t('header.logout')}
        </button>
      </div>
    </div>
  );
}
