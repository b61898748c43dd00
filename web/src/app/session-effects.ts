import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { balanceFromMessage, setBalance, useBalance } from '@/features/account/api/get-balance';
import { parsePushedNotification } from '@/features/notifications/api/get-notifications';
import { useLiveNotifications } from '@/features/notifications/components/live-notifications';
import { onHubCommand, useHubConnection } from '@/features/notifications/hub';

/** The hub's Balance push updates the balance query in place (the header shows it at once). */
export function useBalancePush(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onHubCommand('Balance', (message) => {
        const balance = balanceFromMessage(message);
        if (balance !== null) setBalance(queryClient, balance);
      }),
    [queryClient],
  );
}

/** The server's Bonus notification type (section 3's enumeration). */
const BONUS_NOTIFICATION = 4;

/**
 * A pushed Bonus notification (an operator's grant, a bonus claimed in another window) reads the
 * bonus queries again: Claim Reward's count and the Bonuses page follow at once.
 */
export function useBonusPush(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onHubCommand('Notification', (message) => {
        if (parsePushedNotification(message)?.type === BONUS_NOTIFICATION) {
          void queryClient.invalidateQueries({ queryKey: ['bonus'] });
        }
      }),
    [queryClient],
  );
}

/**
 * What runs for the session while the app is shown: the balance polled (every 3000 ms while
 * logged in), the hub connected, its Balance push written into the balance, the live
 * notifications, and the bonus queries refreshed by a Bonus notification.
 */
export function useSessionEffects(): void {
  useBalance();
  useHubConnection();
  useBalancePush();
  useLiveNotifications();
  useBonusPush();
}

/** The session's effects as a component: the app layout mounts it (loaded on demand) while logged in. */
export function SessionEffects(): null {
  useSessionEffects();
  return null;
}
