import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BalanceLines } from '@/components/ui/balance-lines';
import { Icon, type IconName } from '@/components/ui/icon';
import { Sheet } from '@/components/ui/sheet';
import { useBalance } from '@/features/account/api/get-balance';
import { useLogout } from '@/features/auth/api/logout';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSession } from '@/lib/session-store';
import { openDialog } from '@/features/auth/stores/dialogs';
import { formatMoney } from '@/lib/format';
import { useClaimReward, useClaimRewardBadge } from './header-actions';

/** The Deposit Money sheet loads with its first opening (payments are their own chunk). */
const DepositSheet = lazy(() => import('@/features/payments/components/deposit-sheet'));

function BarLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <NavLink
      to={to}
      end
      className={({ isActive }) => `bottom-bar__item${isActive ? ' is-active' : ''}`}
    >
      <Icon name={icon} />
      <span className="bottom-bar__label">{label}</span>
    </NavLink>
  );
}

/**
 * The mobile bottom bar, 60 px plus the safe area. Logged out: Promotions, Claim Reward,
 * Register and Login. Logged in: the account (a sheet with the balance's parts, My Account,
 * Claim Reward and Logout), Promotions, Bonuses, the notifications and the balance beside Deposit
 * (the Deposit Money sheet, which shows the total and its parts too).
 */
export function BottomBar() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const claimReward = useClaimReward();
  if (!isLoggedIn) {
    return (
      <nav className="bottom-bar bottom-bar--guest" aria-label={t('bottomBar.label')}>
        <BarLink to="/promotions" icon="promotions" label={t('bottomBar.promotions')} />
        <button
          type="button"
          className="bottom-bar__item bottom-bar__reward"
          onClick={claimReward}
          title={t('header.claimReward')}
        >
          <Icon name="gift" />
          <span className="bottom-bar__label">{t('bottomBar.reward')}</span>
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => openDialog('register')}>
          {t('header.register')}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => openDialog('login')}>
          {t('header.login')}
        </button>
      </nav>
    );
  }
  return <PlayerBar />;
}

function PlayerBar() {
  const { t } = useTranslation();
  const balance = useBalance();
  const claim = useClaimRewardBadge(t('bottomBar.account'));
  const [accountOpen, setAccountOpen] = useState(false);
  const [depositOpen, setDepositOpen] = useState(false);
  return (
    <nav className="bottom-bar bottom-bar--player" aria-label={t('bottomBar.label')}>
      <button
        type="button"
        className="bottom-bar__item"
        onClick={() => setAccountOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={accountOpen}
        aria-label={claim.name}
      >
        <span className="reward-icon">
          <Icon name="user" />
          {claim.badge ? (
            <span className="reward-badge reward-badge--dot" aria-hidden="true" />
          ) : null}
        </span>
        <span className="bottom-bar__label">{t('bottomBar.account')}</span>
      </button>
      <BarLink to="/promotions" icon="promotions" label={t('bottomBar.promotions')} />
      <BarLink to="/dashboard/bonuses" icon="star" label={t('header.bonuses')} />
      <NotificationBell className="bottom-bar__item" withLabel />
      <button
        type="button"
        className="bottom-bar__wallet"
        onClick={() => setDepositOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={depositOpen}
      >
        <span className="bottom-bar__balance tabular" data-testid="bar-balance">
          <span className="visually-hidden">{t('bottomBar.balance')}: </span>
          {formatMoney(balance.balance)}
        </span>
        <span className="bottom-bar__deposit">
          <Icon name="plus" size={14} />
          {t('header.deposit')}
        </span>
      </button>
      <AccountSheet open={accountOpen} onClose={() => setAccountOpen(false)} />
      {depositOpen ? (
        <Suspense fallback={null}>
          <DepositSheet open onClose={() => setDepositOpen(false)} balance={balance} />
        </Suspense>
      ) : null}
    </nav>
  );
}

/**
 * The player's account on phones: name and balance with what can be withdrawn and the bonus money,
 * My Account, Deposit, Claim Reward, Logout.
 */
function AccountSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { authData } = useSession();
  const balance = useBalance();
  const logout = useLogout();
  const claimReward = useClaimReward();
  const claim = useClaimRewardBadge(t('header.claimReward'));
  return (
    <Sheet open={open} onClose={onClose} title={t('header.myAccount')} side="bottom">
      <div className="account-sheet">
        <div className="account-sheet__who">
          <span className="header__avatar" aria-hidden="true">
            <Icon name="user" size={20} />
          </span>
          <span className="account-sheet__name">{authData?.username}</span>
          <span className="account-sheet__balance tabular">{formatMoney(balance.balance)}</span>
        </div>
        <BalanceLines balance={balance} total={false} className="account-sheet__parts" />
        <ul className="account-sheet__list">
          <li>
            <Link to="/dashboard" className="menu-item" onClick={onClose}>
              <Icon name="user" className="menu-item__icon" />
              <span className="menu-item__title">{t('header.myAccount')}</span>
            </Link>
          </li>
          <li>
            <Link to="/dashboard/deposit" className="menu-item" onClick={onClose}>
              <Icon name="wallet" className="menu-item__icon" />
              <span className="menu-item__title">{t('header.deposit')}</span>
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="menu-item account-sheet__reward"
              onClick={() => {
                onClose();
                claimReward();
              }}
              aria-label={claim.name}
              aria-haspopup="dialog"
            >
              <Icon name="gift" className="menu-item__icon" />
              <span className="menu-item__title">{t('header.claimReward')}</span>{' '}
              {claim.badge ? (
                <span className="reward-badge reward-badge--inline" aria-hidden="true">
                  {claim.badge}
                </span>
              ) : null}
            </button>
          </li>
          <li>
            <button
              type="button"
              className="menu-item"
              onClick={() => {
                onClose();
                logout.mutate();
              }}
            >
              <Icon name="logout" className="menu-item__icon" />
              <span className="menu-item__title">{t('header.logout')}</span>
            </button>
          </li>
        </ul>
      </div>
    </Sheet>
  );
}
