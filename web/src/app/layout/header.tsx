import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
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
import { searchTarget, useClaimReward } from './header-actions';

type HeaderProps = {
  isDesktop: boolean;
  showMenuButton: boolean;
  menuOpen: boolean;
  onMenu: () => void;
  hidden: boolean;
};

export function Header({ isDesktop, showMenuButton, menuOpen, onMenu, hidden }: HeaderProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const options = useSiteOptions();
  const { isLoggedIn, authData } = useSession();
  const balance = useBalance();
  const logout = useLogout();
  const claimReward = useClaimReward();
  const isHome = location.pathname === '/';
  const siteName = options['site-name'] ?? 'Kasa';

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };

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
              className="icon-btn"
              onClick={goBack}
              aria-label={t('header.back')}
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
              to={searchTarget(location.pathname)}
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
              to={searchTarget(location.pathname)}
              className="icon-btn"
              aria-label={t('header.search')}
            >
              <Icon name="search" />
            </Link>
          ) : null}
          <button
            type="button"
            className="icon-btn"
            onClick={() => openLiveChat(options['contact-email'])}
            aria-label={t('header.liveChat')}
            title={t('header.liveChat')}
          >
            <Icon name="chat" />
          </button>
          {isDesktop ? (
            <Link to="/promotions" className="btn btn--text" aria-label={t('header.promotions')}>
              <Icon name="promotions" size={18} />
              <span className="hdr-label">{t('header.promotions')}</span>
            </Link>
          ) : null}
          {isDesktop ? (
            <button
              type="button"
              className="btn btn--gold-outline"
              onClick={claimReward}
              aria-label={t('header.claimReward')}
            >
              <Icon name="gift" size={18} />
              <span className="hdr-label">{t('header.claimReward')}</span>
            </button>
          ) : (
            <button
              type="button"
              className="icon-btn header__gift"
              onClick={claimReward}
              aria-label={t('header.claimReward')}
            >
              <Icon name="gift" />
            </button>
          )}

          {isLoggedIn && isDesktop ? (
            <>
              <Link
                to="/dashboard/bonuses"
                className="btn btn--text"
                aria-label={t('header.bonuses')}
              >
                <Icon name="star" size={18} />
                <span className="hdr-label">{t('header.bonuses')}</span>
              </Link>
              <NotificationBell />
              <Link to="/dashboard" className="header__user">
                <span className="header__avatar" aria-hidden="true">
                  <Icon name="user" size={18} />
                </span>
                <span className="header__user-text">
                  <span className="header__username">{authData?.username}</span>
                  <span className="header__account">
                    {t('header.myAccount')} ·{' '}
                    <span className="tabular">{formatMoney(balance)}</span>
                  </span>
                </span>
              </Link>
              <Link to="/dashboard/deposit" className="btn btn--primary">
                <Icon name="plus" size={18} />
                {t('header.deposit')}
              </Link>
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
          ) : null}
          {!isLoggedIn && isDesktop ? (
            <>
              <button type="button" className="btn btn--ghost" onClick={() => openDialog('login')}>
                {t('header.login')}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => openDialog('register')}
              >
                {t('header.register')}
              </button>
            </>
          ) : null}
          {isLoggedIn && !isDesktop ? (
            <button
              type="button"
              className="icon-btn"
              onClick={() => logout.mutate()}
              aria-label={t('header.logout')}
            >
              <Icon name="logout" />
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
