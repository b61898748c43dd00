import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BalanceLines } from '@/components/ui/balance-lines';
import { Icon, type IconName } from '@/components/ui/icon';
import { useSession } from '@/lib/session-store';
import { useBalance } from '@/features/account/api/get-balance';
import { useLogout } from '@/features/auth/api/logout';
import { openDialog } from '@/features/auth/stores/dialogs';
import { formatMoney } from '@/lib/format';
import './pages.css';

const tiles: { key: string; icon: IconName; url: string; hint: string }[] = [
  {
    key: 'dashboard.deposit',
    icon: 'wallet',
    url: '/dashboard/deposit',
    hint: 'dashboard.hint.deposit',
  },
  {
    key: 'dashboard.withdraw',
    icon: 'arrowUp',
    url: '/dashboard/withdraw',
    hint: 'dashboard.hint.withdraw',
  },
  {
    key: 'dashboard.gameHistory',
    icon: 'games',
    url: '/dashboard/game-history',
    hint: 'dashboard.hint.gameHistory',
  },
  {
    key: 'dashboard.bonuses',
    icon: 'gift',
    url: '/dashboard/bonuses',
    hint: 'dashboard.hint.bonuses',
  },
  {
    key: 'dashboard.financialActivities',
    icon: 'blog',
    url: '/dashboard/financial-activities',
    hint: 'dashboard.hint.financialActivities',
  },
  {
    key: 'dashboard.sessionHistory',
    icon: 'clock',
    url: '/dashboard/session-history',
    hint: 'dashboard.hint.sessionHistory',
  },
  {
    key: 'dashboard.account',
    icon: 'user',
    url: '/dashboard/account',
    hint: 'dashboard.hint.account',
  },
  {
    key: 'dashboard.protection',
    icon: 'shield',
    url: '/dashboard/protection',
    hint: 'dashboard.hint.protection',
  },
];

/** My Account: the dashboard tiles (spec section 2). */
export function DashboardRoute() {
  const { t } = useTranslation();
  const { authData } = useSession();
  const balance = useBalance();
  const logout = useLogout();
  return (
    <div className="page-stack">
      <header className="dash-hero">
        <div className="dash-hero__who">
          <span className="page-head__icon">
            <Icon name="user" size={24} />
          </span>
          <div>
            <h1 className="page-head__title">{t('header.myAccount')}</h1>
            <p className="page-head__text">
              {t('dashboard.welcome', { username: authData?.username ?? '' })}
            </p>
          </div>
        </div>
        <div className="dash-hero__balance">
          <span className="dash-hero__label">{t('bottomBar.balance')}</span>
          <span className="dash-hero__amount tabular" data-testid="dashboard-balance">
            {formatMoney(balance.balance)}
          </span>
          <BalanceLines balance={balance} total={false} className="dash-hero__parts" />
        </div>
        <Link to="/dashboard/deposit" className="btn btn--primary btn--lg dash-hero__cta">
          <Icon name="plus" size={18} />
          {t('header.deposit')}
        </Link>
      </header>
      {authData && !authData.smsVerified ? (
        <div className="dash-notice" role="note">
          <Icon name="phone" size={20} />
          <p>{t('dashboard.verifyPhoneText')}</p>
          <button
            type="button"
            className="btn btn--gold-outline btn--sm"
            onClick={() => openDialog('smsVerify')}
          >
            {t('dashboard.verifyPhone')}
          </button>
        </div>
      ) : null}
      <div className="card-grid tiles">
        {tiles.map((tile) => (
          <Link key={tile.url} to={tile.url} className="tile">
            <span className="tile__icon">
              <Icon name={tile.icon} />
            </span>
            <span className="tile__text">
              <span className="tile__title">{t(tile.key)}</span>
              <span className="tile__hint">{t(tile.hint)}</span>
            </span>
          </Link>
        ))}
        <button type="button" className="tile" onClick={() => openDialog('changePassword')}>
          <span className="tile__icon">
            <Icon name="lock" />
          </span>
          <span className="tile__text">
            <span className="tile__title">{t('dashboard.changePassword')}</span>
            <span className="tile__hint">{t('dashboard.hint.changePassword')}</span>
          </span>
        </button>
        <button type="button" className="tile tile--danger" onClick={() => logout.mutate()}>
          <span className="tile__icon">
            <Icon name="logout" />
          </span>
          <span className="tile__text">
            <span className="tile__title">{t('header.logout')}</span>
            <span className="tile__hint">{t('dashboard.hint.logout')}</span>
          </span>
        </button>
      </div>
    </div>
  );
}
