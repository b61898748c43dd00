import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BalanceLines } from '@/components/ui/balance-lines';
import { Icon } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { useBalance } from '@/features/account/api/get-balance';
import { useLogout } from '@/features/auth/api/logout';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSession } from '@/lib/session-store';
import { useSiteOptions } from '@/features/bootstrap/api/get-bootstrap';
import { openDialog } from '@/features/auth/stores/dialogs';
import { formatMoney } from '@/lib/format';
import { openLiveChat } from '@/lib/live-chat';
import {
  SEARCH_LINK_STATE,
  searchTarget,
  useClaimReward,
  useClaimRewardBadge,
} from './header-actions';

type HeaderProps = {
  isDesktop: boolean;
  showMenuButton: boolean;
  menuOpen: boolean;
  onMenu: () => void;
  hidden: boolean;
};

/** Back: the previous entry of this visit, else home. */
function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };
}

/**
 * The header (spec section 2). On phones it holds at most five controls (menu, back, logo,
 * search, live chat); the bottom bar carries the rest (Promotions, Claim Reward, Register and
 * Login; logged in the account, Promotions, Bonuses, the bell, the balance and Deposit). On
 * desktop every item is here; labels give way to icons as the width shrinks (layout.css), so
 * nothing wraps or overflows from 992 px up.
 */
export function Header({ isDesktop, showMenuButton, menuOpen, onMenu, hidden }: HeaderProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const options = useSiteOptions();
  const { isLoggedIn, authData } = useSession();
  const goBack = useGoBack();
  const isHome = location.pathname === '/';
  const siteName = options['site-name'] ?? 'Kasa';
  const search = searchTarget(location.pathname);

  return (
    <header
      className={`header${hidden ? ' header--hidden' : ''}${isLoggedIn ? ' header--in' : ''}`}
      data-variant={isDesktop ? 'desktop' : 'mobile'}
    >
      <div className="header__inner">
        <div className="header__start">
          {showMenuButton ? (
            <button
              type="button"
              className="icon-btn header__menu"
              onClick={onMenu}
              aria-label={t('header.menu')}
              aria-expanded={menuOpen}
            >
              <Icon name="menu" size={22} />
            </button>
          ) : null}
          {!isHome ? (
            <button
              type="button"
              className="icon-btn header__back"
              onClick={goBack}
              aria-label={t('header.back')}
              title={t('header.back')}
            >
              <Icon name="chevronLeft" size={22} />
            </button>
          ) : null}
          <Link
            to="/"
            className="header__logo"
            aria-label={t('header.homeLink', { name: siteName })}
          >
            <Logo name={siteName} />
          </Link>
          {isDesktop ? (
            <Link
              to={search}
              state={SEARCH_LINK_STATE}
              className="header__search"
              aria-label={t('header.search')}
            >
              <Icon name="search" size={18} />
              <span className="hdr-label">{t('header.search')}</span>
            </Link>
          ) : null}
        </div>

        <div className="header__end">
          {!isDesktop ? (
            <Link
              to={search}
              state={SEARCH_LINK_STATE}
              className="icon-btn"
              aria-label={t('header.search')}
              title={t('header.search')}
            >
              <Icon name="search" />
            </Link>
          ) : null}
          <button
            type="button"
            className="icon-btn"
            onClick={() => openLiveChat()}
            aria-label={t('header.liveChat')}
            title={t('header.liveChat')}
          >
            <Icon name="chat" />
          </button>
          {isDesktop ? (
            <DesktopActions isLoggedIn={isLoggedIn} username={authData?.username ?? undefined} />
          ) : null}
        </div>
      </div>
    </header>
  );
}

function DesktopActions({ isLoggedIn, username }: { isLoggedIn: boolean; username?: string }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const claimReward = useClaimReward();
  const claim = useClaimRewardBadge(t('header.claimReward'));
  return (
    <>
      <Link
        to="/promotions"
        className="btn btn--text hdr-btn"
        aria-label={t('header.promotions')}
        title={t('header.promotions')}
      >
        <Icon name="promotions" size={18} />
        <span className="hdr-label">{t('header.promotions')}</span>
      </Link>
      <button
        type="button"
        className="btn btn--gold-outline hdr-btn"
        onClick={claimReward}
        aria-label={claim.name}
        title={t('header.claimReward')}
        aria-haspopup="dialog"
        data-testid="claim-reward"
      >
        {/* The words before the badge, as the name reads them; the icon goes first by CSS. */}
        <span className="hdr-label">{t('header.claimReward')}</span>{' '}
        <span className="reward-icon">
          <Icon name="gift" size={18} />
          {claim.badge ? (
            <span className="reward-badge" aria-hidden="true">
              {claim.badge}
            </span>
          ) : null}
        </span>
      </button>
      {isLoggedIn ? (
        <>
          <Link
            to="/dashboard/bonuses"
            className="btn btn--text hdr-btn"
            aria-label={t('header.bonuses')}
            title={t('header.bonuses')}
          >
            <Icon name="star" size={18} />
            <span className="hdr-label">{t('header.bonuses')}</span>
          </Link>
          <NotificationBell />
          <Link to="/dashboard" className="header__user" title={t('header.myAccount')}>
            <span className="header__avatar" aria-hidden="true">
              <Icon name="user" size={18} />
            </span>
            <span className="header__user-text">
              <span className="header__username">{username}</span>
              <span className="header__account">{t('header.myAccount')}</span>
            </span>
          </Link>
          <Wallet />
          <button
            type="button"
            className="icon-btn"
            onClick={() => logout.mutate()}
            aria-label={t('header.logout')}
            title={t('header.logout')}
          >
            <Icon name="logout" />
          </button>
        </>
      ) : (
        <>
          <button type="button" className="btn btn--ghost" onClick={() => openDialog('login')}>
            {t('header.login')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => openDialog('register')}>
            {t('header.register')}
          </button>
        </>
      )}
    </>
  );
}

/**
 * The balance beside Deposit: the button keeps the total (the header stays one line), its menu
 * shows the total with what can be withdrawn and the bonus money (issue 30), and a way to withdraw.
 * Escape (focus back on the button), a click or focus outside, or a link taken close the menu.
 */
function Wallet() {
  const { t } = useTranslation();
  const balance = useBalance();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [shownAt, setShownAt] = useState(location.key);
  if (shownAt !== location.key) {
    // Another page: the menu closes.
    setShownAt(location.key);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node && wrapRef.current?.contains(target));
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  return (
    <div ref={wrapRef} className="header__wallet">
      <button
        ref={buttonRef}
        type="button"
        className="header__balance tabular"
        data-testid="header-balance"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="visually-hidden">{t('bottomBar.balance')}: </span>
        {formatMoney(balance.balance)}
        <Icon name="chevronDown" size={16} className="header__balance-chevron" />
      </button>
      <Link to="/dashboard/deposit" className="btn btn--primary header__deposit">
        <Icon name="plus" size={18} />
        {t('header.deposit')}
      </Link>
      {open ? (
        <div id={menuId} className="balance-menu" data-testid="balance-menu" data-toasts-avoid>
          <BalanceLines balance={balance} />
          <Link
            to="/dashboard/withdraw"
            className="btn btn--ghost btn--block balance-menu__withdraw"
            onClick={() => setOpen(false)}
          >
            <Icon name="arrowUp" size={18} />
            {t('dashboard.withdraw')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
