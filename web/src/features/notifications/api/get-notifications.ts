import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, unwrap } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** POST customer/notification {skip 0, take 100} (spec section 7). */

export const NOTIFICATION_TAKE = 100;

export const notificationSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  title: z.string().nullish(),
  note: z.string().nullish(),
  type: z.union([z.number(), z.string()]).nullish(),
  timeStamp: z.string().nullish(),
  isRead: z.boolean().default(false),
});

export type Notification = z.infer<typeof notificationSchema>;

const listSchema = z.union([
  z.array(notificationSchema),
  z.looseObject({ items: z.array(notificationSchema) }).transform((d) => d.items),
]);

export async function getNotifications(): Promise<Notification[]> {
  return unwrap(
    await api.post(
      'customer/notification',
      { skip: 0, take: NOTIFICATION_TAKE },
      {
        schema: listSchema,
        toastError: false,
      },
    ),
  );
}

export function useNotifications() {
  const { isLoggedIn } = useAuth();
  return useQuery({
    queryKey: ['notifications'],
    queryFn: getNotifications,
    enabled: isLoggedIn,
    retry: false,
  });
}

/** The bell's badge: 9+ from 9 on. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count >= 9 ? '9+' : String(count);
}
