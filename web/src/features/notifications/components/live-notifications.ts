import { useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect } from 'react';
import { Icon } from '@/components/ui/icon';
import { translate } from '@/lib/i18n';
import { TOAST_DURATION_MS, showToast } from '@/lib/toast';
import {
  addNotification,
  notificationsQueryKey,
  parsePushedNotification,
  useNotifications,
  type Notification,
} from '../api/get-notifications';
import { hubStore, onHubCommand } from '../hub';
import { KIND_ICON, notificationKind } from './notification-kind';
import { openPanel } from './panel-store';

/** A pushed notification's toast: title and note, with a View action opening it. */
export function toastNotification(n: Notification): void {
  const kind = notificationKind(n.type);
  void showToast(n.title || translate('notifications.title'), {
    id: `notification-${String(n.id)}`,
    description: n.note ?? undefined,
    duration: TOAST_DURATION_MS,
    icon: createElement(Icon, { name: KIND_ICON[kind], size: 18 }),
    className: `kasa-toast notif-toast notif-toast--${kind}`,
    action: { label: translate('notifications.view'), onClick: () => openPanel(n.id) },
  });
}

/**
 * While logged in: the list is fetched, and a pushed notification appears at once (first in the
 * cached list, with a toast). After a reconnect the list is fetched again (pushes may have been
 * missed while the connection was down).
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  useNotifications();
  useEffect(() => {
    const offPush = onHubCommand('Notification', (message) => {
      const n = parsePushedNotification(message);
      if (!n) return;
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        addNotification(list, n),
      );
      // One that arrives read answers the player's own action, which showed its own message
      // (a granted trial bonus is celebrated): it is listed, not toasted a second time.
      if (!n.isRead) toastNotification(n);
    });
    let previous = hubStore.get();
    const offStatus = hubStore.subscribe(() => {
      const status = hubStore.get();
      if (previous === 'reconnecting' && status === 'connected') {
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      }
      previous = status;
    });
    return () => {
      offPush();
      offStatus();
    };
  }, [queryClient]);
}
