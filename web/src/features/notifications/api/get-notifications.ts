import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { Notification, PageBody } from '@shared/api/generated';
import { zNotification, zNotificationsResponse } from '@shared/api/generated/zod.gen';
import { getCurrentLanguage } from '@/lib/language';
import { useSession } from '@/lib/session-store';

/** POST customer/notification {skip 0, take 100} (spec section 7), newest first. */

export const NOTIFICATION_TAKE = 100;
export const notificationsQueryKey = ['notifications'] as const;

export type { Notification };
export type NotificationId = Notification['id'];

/** The envelope's data: the list. */
const listSchema = zNotificationsResponse.shape.data.def.innerType;

export async function getNotifications(): Promise<Notification[]> {
  const { data } = await api.post(
    'customer/notification',
    { skip: 0, take: NOTIFICATION_TAKE } satisfies PageBody,
    { schema: listSchema },
  );
  return data;
}

/** The list while logged in; silent on failure (the panel offers Retry). */
export function useNotifications() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    enabled: isLoggedIn,
    retry: 1,
  });
}

/** The bell's badge: 9+ from 9 on (spec section 9); nothing when all are read. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count >= 9 ? '9+' : String(count);
}

export function countUnread(list: readonly Notification[] | undefined): number {
  return (list ?? []).filter((n) => !n.isRead).length;
}

export const sameId = (a: NotificationId, b: NotificationId) => String(a) === String(b);

/** A notification's words in one language (the push carries them in every language). */
const wordsSchema = z.object({ title: z.string(), note: z.string() });

/**
 * A pushed notification (the hub's message is its JSON), or null when it is not one. The server
 * writes its own notifications in every language (`texts`): the reader's is shown (issue 30), the
 * stored title and note otherwise.
 */
export function parsePushedNotification(message: string): Notification | null {
  try {
    const notification = zNotification.safeParse(JSON.parse(message)).data;
    if (!notification) return null;
    const words = wordsSchema.safeParse(notification.texts?.[getCurrentLanguage() || 'tr']).data;
    return words ? { ...notification, title: words.title, note: words.note } : notification;
  } catch {
    return null;
  }
}

/** The cache after a push: the new one first, no duplicate, at most `take` kept. */
export function addNotification(
  list: readonly Notification[] | undefined,
  notification: Notification,
): Notification[] {
  const rest = (list ?? []).filter((n) => !sameId(n.id, notification.id));
  return [notification, ...rest].slice(0, NOTIFICATION_TAKE);
}

/** The cache after the server confirmed a read. */
export function markNotificationRead(
  list: readonly Notification[] | undefined,
  id: NotificationId,
): Notification[] | undefined {
  if (!list) return undefined;
  return list.map((n) => (sameId(n.id, id) && !n.isRead ? { ...n, isRead: true } : n));
}
