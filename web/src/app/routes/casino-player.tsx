import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useBalance } from '@/features/account/api/get-balance';
import { openDialog, useOpenDialog } from '@/features/auth/stores/dialogs';
import type { CasinoGame } from '@/features/casino/api/schemas';
import { PlayDialog } from '@/features/casino/components/play-dialog';
import { gameToLaunch, playPath, type GameToLaunch } from '@/features/casino/game-data';
import { pendingGameStore } from '@/features/casino/stores/pending-game';
import { onHubCommand } from '@/features/notifications/hub';
import { SessionClock } from '@/features/protection/components/session-clock';
import { realityCheckStore } from '@/features/protection/session-watch';
import { DESKTOP_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { releaseRevealGate } from '@/lib/reveal-gate';
import { useStore } from '@/lib/create-store';
import { getSession, sessionStore, useSession } from '@/lib/session-store';

/** The Deposit Money sheet (payments) loads with its first opening. */
const DepositSheet = lazy(() => import('@/features/payments/components/deposit-sheet'));

/** The sheet with the balance it shows (read here: the game's page does not follow the balance). */
function GameDepositSheet({ onClose }: { onClose: () => void }) {
  const balance = useBalance();
  return <DepositSheet open onClose={onClose} balance={balance} />;
}

/**
 * The game window's Deposit, composed here (features do not import each other): the payments'
 * Deposit Money sheet over the game, with the account's balance.
 */
export function useDepositSheet(): { open: boolean; show: () => void; sheet: ReactNode } {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const sheet = open ? (
    <Suspense fallback={null}>
      <GameDepositSheet onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
  return { open, show, sheet };
}

/**
 * The game window closes on the hub's 'exit' command (spec section 4); once it is closed, the
 * balance a studio game held is released (lib/reveal-gate).
 */
export function useCloseOnExit(close: () => void): void {
  useEffect(() => onHubCommand('exit', close), [close]);
  useEffect(() => releaseRevealGate, []);
}

/**
 * Playing a game from a lobby: logged out, the login form opens and the game starts after a
 * successful login (abandoning the login forgets it); logged in, desktop goes to the play page
 * and phones open the Play dialog (a full-height modal) over the lobby.
 */
export function useGamePlayer(): { play: (game: CasinoGame) => void; view: ReactNode } {
  const navigate = useNavigate();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { isLoggedIn } = useSession();
  const dialog = useOpenDialog();
  const pending = useStore(pendingGameStore);
  const [modalGame, setModalGame] = useState<GameToLaunch | null>(null);
  const deposit = useDepositSheet();
  const realityOpen = useStore(realityCheckStore);

  const start = useCallback(
    (game: GameToLaunch) => {
      if (desktop) void navigate(playPath(game));
      else setModalGame(game);
    },
    [desktop, navigate],
  );

  const play = useCallback(
    (game: CasinoGame) => {
      const launch = gameToLaunch(game);
      if (!getSession().isLoggedIn) {
        pendingGameStore.set(launch);
        openDialog('login');
        return;
      }
      start(launch);
    },
    [start],
  );

  // After the login: the game clicked before it starts.
  useEffect(
    () =>
      sessionStore.subscribe(() => {
        const game = pendingGameStore.get();
        if (!game || !getSession().isLoggedIn) return;
        pendingGameStore.set(null);
        start(game);
      }),
    [start],
  );

  // The login form closed without a login: the game is forgotten.
  useEffect(() => {
    if (dialog !== null || !pending) return;
    const timer = window.setTimeout(() => {
      if (!getSession().isLoggedIn) pendingGameStore.set(null);
    }, 50);
    return () => window.clearTimeout(timer);
  }, [dialog, pending]);

  const close = useCallback(() => setModalGame(null), []);
  useCloseOnExit(close);
  // A logout closes the game.
  if (modalGame && !isLoggedIn) setModalGame(null);

  const view = modalGame ? (
    <>
      <PlayDialog
        game={modalGame}
        onClose={close}
        onDeposit={deposit.show}
        covered={deposit.open || realityOpen}
        clock={<SessionClock />}
      />
      {deposit.sheet}
    </>
  ) : null;
  return { play, view };
}
