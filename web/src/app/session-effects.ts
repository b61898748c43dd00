import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { balanceFromMessage, setBalance, useBalance } from '@/features/account/api/get-balance';
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

/**
 * What runs for the session while the app is shown: the balance polled (every 3000 ms while
 * logged in), the hub connected, its Balance push written into the balance, and the live
 * notifications.
 */
export function useSessionEffects(): void {
  useBalance();
  useHubConnection();
  useBalancePush();
  useLiveNotifications();
}

/** The session's effects as a component: the app layout mounts it (loaded on demand) while logged in. */
export function SessionEffects(): null {
  useSessionEffects();
  return null;
}
