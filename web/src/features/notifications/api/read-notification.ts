import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import {
  markNotificationRead,
  notificationsQueryKey,
  type Notification,
  type NotificationId,
} from './get-notifications';

/** POST customer/readnotification {id: [id]}; marked read locally only after the server's success. */
export async function readNotification(id: NotificationId): Promise<void> {
  const result = await api.post('customer/readnotification', { id: [id] });
  if (!result.success) {
    throw new ApiError(result.message ?? translate('errors.unexpected'), result.status);
  }
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
