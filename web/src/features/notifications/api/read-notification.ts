import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReadBody } from '@shared/api/generated';
import {
  markNotificationRead,
  notificationsQueryKey,
  type Notification,
  type NotificationId,
} from './get-notifications';

/**
 * POST customer/readnotification {id: [id]}; marked read locally only after the server's success
 * (a refusal shows its message as an error toast and the notification stays unread).
 */
export function readNotification(id: NotificationId) {
  return api.post('customer/readnotification', { id: [id] } satisfies ReadBody);
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotification,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        markNotificationRead(list, id),
      );
    },
  });
}
