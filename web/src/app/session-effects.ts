import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  balanceFromMessage,
  currentTotal,
  setBalance,
  setBalanceTotal,
  useBalance,
} from '@/features/account/api/get-balance';
import { parsePushedNotification } from '@/features/notifications/api/get-notifications';
import { useLiveNotifications } from '@/features/notifications/components/live-notifications';
import { hubStore, onHubCommand, useHubConnection } from '@/features/notifications/hub';
import { watchGameReveals } from '@/lib/reveal-gate';

/**
 * The hub's Balance push updates the balance query in place (the header shows it at once): the
 * total with what can be withdrawn and the bonus money. A push without the parts writes the total
 * and reads the balance again, so the two lines are never lost.
 */
export function useBalancePush(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onHubCommand('Balance', (message) => {
        const balance = balanceFromMessage(message);
        if (balance === null) return;
        if (balance.realBalance === null || balance.bonusBalance === null) {
          setBalanceTotal(queryClient, balance.balance);
        } else {
          setBalance(queryClient, balance);
        }
      }),
    [queryClient],
  );
}

/** The server's notification types (section 3's enumeration: Deposit 1, Withdraw 2, Bonus 4). */
const DEPOSIT_NOTIFICATION = 1;
const WITHDRAW_NOTIFICATION = 2;
const BONUS_NOTIFICATION = 4;

/**
 * The lists whose rows follow the player's money, by their query keys' prefixes: Financial
 * Activities and a request's detail (payments' get-transactions, get-detail), Game History
 * (casino's get-history), the Bonuses page and the withdraw page's active bonuses (bonuses'
 * get-bonuses, payments' get-active-bonuses). My Bets lives in the sportsbook's frame, which reads
 * its bets again itself when the book's stream settles one of them (web/sportsbook/src/live.ts).
 */
export const MONEY_ROW_QUERY_KEYS = [
  ['payment', 'transactions'],
  ['payment', 'detail'],
  ['casino', 'history'],
  ['bonus', 'list'],
  ['bonus', 'active'],
] as const;

/**
 * The rows are read again at most once per this many ms: a push refreshes them at once, a burst of
 * pushes (a slot's autoplay moves the balance at every spin) once more at the end of the interval.
 */
export const MONEY_ROWS_REFRESH_MS = 1000;

/**
 * The rows behind the money update live: a Balance push (a bet settled, a win, a bonus completed
 * or spent, a payment approved), a Deposit or Withdraw notification (a request approved or
 * rejected) and a reconnect (pushes may have been missed) invalidate them. Only queries in the
 * cache match, and only those a page shows are fetched again (the rest are fetched when shown).
 * A Deposit or Withdraw notification also reads Claim Reward's list again, a Bonus notification
 * every bonus query.
 */
export function useMoneyPush(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let last = Number.NEGATIVE_INFINITY;
    let timer: number | undefined;
    const refresh = () => {
      timer = undefined;
      last = Date.now();
      for (const queryKey of MONEY_ROW_QUERY_KEYS) {
        void queryClient.invalidateQueries({ queryKey });
      }
    };
    const refreshSoon = () => {
      if (timer !== undefined) return;
      const wait = last + MONEY_ROWS_REFRESH_MS - Date.now();
      if (wait <= 0) refresh();
      else timer = window.setTimeout(refresh, wait);
    };
    const offBalance = onHubCommand('Balance', refreshSoon);
    const offNotification = onHubCommand('Notification', (message) => {
      const type = parsePushedNotification(message)?.type;
      if (type === BONUS_NOTIFICATION) {
        void queryClient.invalidateQueries({ queryKey: ['bonus'] });
      } else if (type === DEPOSIT_NOTIFICATION || type === WITHDRAW_NOTIFICATION) {
        refreshSoon();
        // What can be claimed follows a deposit, and a withdrawal (it forfeits the active bonuses).
        void queryClient.invalidateQueries({ queryKey: ['bonus', 'claimable'] });
      }
    });
    let previous = hubStore.get();
    const offStatus = hubStore.subscribe(() => {
      const status = hubStore.get();
      if (previous === 'reconnecting' && status === 'connected') refreshSoon();
      previous = status;
    });
    return () => {
      offBalance();
      offNotification();
      offStatus();
      window.clearTimeout(timer);
    };
  }, [queryClient]);
}

/** The studio games' reveals hold the balance shown while one is open (lib/reveal-gate). */
export function useGameReveals(): void {
  const queryClient = useQueryClient();
  useEffect(() => watchGameReveals(() => currentTotal(queryClient)), [queryClient]);
}

/**
 * What runs for the session while the app is shown: the balance polled (every 3000 ms while
 * logged in), the hub connected, its Balance push written into the balance, the live
 * notifications, the lists behind the money (payments, game history, bonuses) refreshed by the
 * pushes that change them, and the balance held while a studio game reveals its rounds.
 */
export function useSessionEffects(): void {
  useBalance();
  useHubConnection();
  useBalancePush();
  useLiveNotifications();
  useMoneyPush();
  useGameReveals();
}

/** The session's effects as a component: the app layout mounts it (loaded on demand) while logged in. */
export function SessionEffects(): null {
  useSessionEffects();
  return null;
}
