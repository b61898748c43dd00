import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { GameWindow } from '@/features/casino/components/game-window';
import { PlayDialog } from '@/features/casino/components/play-dialog';
import { decodeGameData, type GameToLaunch } from '@/features/casino/game-data';
import { SessionClock } from '@/features/protection/components/session-clock';
import { realityCheckStore } from '@/features/protection/session-watch';
import { useStore } from '@/lib/create-store';
import { DESKTOP_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { RequireAuth } from './guards';
import { useCloseOnExit, useDepositSheet } from './casino-player';
import './pages.css';

/**
 * /casino/play/{encoded game}: the parameter is the game to launch as JSON, URI-encoded, then
 * base64 (any base64, '/' included, hence the splat). Anonymous visitors get the login form and
 * the game starts after the login. Desktop shows the game on the page, phones in the Play
 * dialog; closing goes back (or to the slots lobby when the page was opened directly). The game's
 * bar shows the time since login, and a reality check comes over the game (issue 31).
 */
export function CasinoPlayRoute() {
  const params = useParams();
  const encoded = params['*'] ?? '';
  const game = useMemo(() => decodeGameData(encoded), [encoded]);
  if (!game) return <UnknownGame />;
  return (
    <RequireAuth>
      <PlayPage key={encoded} game={game} />
    </RequireAuth>
  );
}

function PlayPage({ game }: { game: GameToLaunch }) {
  const navigate = useNavigate();
  const location = useLocation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const deposit = useDepositSheet();
  const realityOpen = useStore(realityCheckStore);
  const close = useCallback(() => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/casino/slot', { replace: true });
  }, [location.key, navigate]);
  useCloseOnExit(close);
  const pageRef = useFitToViewport(desktop);
  return (
    <>
      {desktop ? (
        <div className="play-page" ref={pageRef}>
          <GameWindow
            game={game}
            onClose={close}
            onDeposit={deposit.show}
            clock={<SessionClock />}
          />
        </div>
      ) : (
        <PlayDialog
          game={game}
          onClose={close}
          onDeposit={deposit.show}
          covered={deposit.open || realityOpen}
          clock={<SessionClock />}
        />
      )}
      {deposit.sheet}
    </>
  );
}

/** The play page fills the screen below where it starts (banners and crumbs above vary). */
function useFitToViewport(active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      el.style.height = `${Math.max(420, Math.floor(window.innerHeight - top - 16))}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [active]);
  return ref;
}

function UnknownGame() {
  const { t } = useTranslation();
  return (
    <section className="soon">
      <div className="soon__art" aria-hidden="true">
        <Icon name="games" size={40} />
      </div>
      <h1 className="soon__title">{t('casino.play.unknownTitle')}</h1>
      <p className="soon__text">{t('casino.play.unknownText')}</p>
      <div className="soon__actions">
        <Link to="/casino/slot" className="btn btn--primary">
          {t('menu.slots')}
        </Link>
      </div>
    </section>
  );
}
