import type { IconName } from '@/components/ui/icon';
import { parseUtc } from '@/lib/format';

/**
 * The header's notification kinds (spec section 3) and how the server's type enumeration maps to
 * them: Deposit 1 → deposit, Withdraw 2 → withdraw, Jackpot 3 and Bonus 4 → bonus, System 5 (and
 * anything unknown) → system.
 */
export type NotificationKind = 'deposit' | 'withdraw' | 'bonus' | 'system';

const BY_NUMBER: Record<number, NotificationKind> = {
  1: 'deposit',
  2: 'withdraw',
  3: 'bonus',
  4: 'bonus',
  5: 'system',
};

const BY_NAME: Record<string, NotificationKind> = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  jackpot: 'bonus',
  bonus: 'bonus',
  system: 'system',
};

export function notificationKind(type: number | string | null | undefined): NotificationKind {
  if (type == null) return 'system';
  const n = typeof type === 'number' ? type : Number(type);
  if (Number.isInteger(n)) return BY_NUMBER[n] ?? 'system';
  return BY_NAME[String(type).trim().toLowerCase()] ?? 'system';
}

export const KIND_ICON: Record<NotificationKind, IconName> = {
  deposit: 'wallet',
  withdraw: 'arrowUp',
  bonus: 'gift',
  system: 'info',
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The UTC timeStamp shown as day.month.year hours:minutes in the player's time zone (the
 * browser's, unless one is given); '' when missing or invalid.
 */
export function formatNotificationTime(
  timeStamp: string | null | undefined,
  timeZone?: string,
): string {
  const date = timeStamp ? parseUtc(timeStamp) : null;
  if (!date) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return `${pad(get('day'))}.${pad(get('month'))}.${get('year')} ${pad(get('hour'))}:${pad(get('minute'))}`;
}

/** The machine-readable value for <time dateTime>. */
export function isoTime(timeStamp: string | null | undefined): string | undefined {
  const date = timeStamp ? parseUtc(timeStamp) : null;
  return date ? date.toISOString() : undefined;
}
