import { describe, expect, it } from 'vitest';
import { getCurrentLanguage, setCurrentLanguage } from '@/lib/language';
import {
  NOTIFICATION_TAKE,
  addNotification,
  countUnread,
  markNotificationRead,
  parsePushedNotification,
  unreadBadge,
  type Notification,
} from './api/get-notifications';
import {
  KIND_ICON,
  formatNotificationTime,
  notificationKind,
} from './components/notification-kind';

const n = (id: number, isRead = false): Notification => ({
  id,
  title: `t${id}`,
  note: `n${id}`,
  type: 5,
  timeStamp: '2026-11-22T01:16:57Z',
  isRead,
});

describe('unread badge', () => {
  it('shows the count up to 8, then 9+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-1)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(8)).toBe('8');
    expect(unreadBadge(9)).toBe('9+');
    expect(unreadBadge(42)).toBe('9+');
  });

  it('counts the unread ones', () => {
    expect(countUnread([n(1), n(2, true), n(3)])).toBe(2);
    expect(countUnread(undefined)).toBe(0);
  });
});

describe('type → icon', () => {
  it('maps the server enumeration to the header kinds', () => {
    expect([1, 2, 3, 4, 5].map(notificationKind)).toEqual([
      'deposit',
      'withdraw',
      'bonus',
      'bonus',
      'system',
    ]);
    expect(notificationKind('2')).toBe('withdraw');
    expect(notificationKind('Jackpot')).toBe('bonus');
    expect(notificationKind(99)).toBe('system');
    expect(notificationKind(null)).toBe('system');
  });

  it('gives every kind its icon', () => {
    expect(KIND_ICON).toEqual({
      deposit: 'wallet',
      withdraw: 'arrowUp',
      bonus: 'gift',
      system: 'info',
    });
  });
});

describe('time', () => {
  it('shows the UTC timeStamp as day.month.year hours:minutes in the given zone', () => {
    expect(formatNotificationTime('2026-11-22T01:16:57Z', 'Europe/Istanbul')).toBe(
      '22.11.2026 04:16',
    );
    expect(formatNotificationTime('2026-11-22T01:16:57Z', 'UTC')).toBe('22.11.2026 01:16');
    expect(formatNotificationTime('2026-11-22T01:16:57Z', 'America/New_York')).toBe(
      '21.11.2026 20:16',
    );
    // Without a zone designator the server's value is still UTC; midnight is 00, not 24.
    expect(formatNotificationTime('2026-01-01T21:05:00', 'Europe/Istanbul')).toBe(
      '02.01.2026 00:05',
    );
  });

  it('is empty for a missing or broken value', () => {
    expect(formatNotificationTime(null)).toBe('');
    expect(formatNotificationTime('yesterday')).toBe('');
  });
});

describe('the cache on a push', () => {
  it('parses the pushed JSON', () => {
    const pushed = parsePushedNotification(
      '{"id":7,"title":"Merhaba","note":"İlk","type":5,"timeStamp":"2026-11-22T01:16:57Z","isRead":false}',
    );
    expect(pushed).toMatchObject({ id: 7, title: 'Merhaba', isRead: false });
    expect(parsePushedNotification('{"title":"no id"}')).toBeNull();
    expect(parsePushedNotification('oops')).toBeNull();
  });

  it('shows a pushed notification in the reader’s language when the server wrote it in each', () => {
    const message = JSON.stringify({
      id: 8,
      title: 'Yatırım',
      note: 'Yatırımınız eklendi.',
      type: 1,
      timeStamp: '2026-11-22T01:16:57Z',
      isRead: false,
      texts: {
        tr: { title: 'Yatırım', note: 'Yatırımınız eklendi.' },
        en: { title: 'Deposit', note: 'Your deposit has been added.' },
      },
    });
    const before = getCurrentLanguage();
    try {
      setCurrentLanguage('en');
      expect(parsePushedNotification(message)).toMatchObject({
        title: 'Deposit',
        note: 'Your deposit has been added.',
      });
      setCurrentLanguage('tr');
      expect(parsePushedNotification(message)).toMatchObject({ title: 'Yatırım' });
    } finally {
      setCurrentLanguage(before);
    }
  });

  it('puts the new one first, without duplicates, keeping at most 100', () => {
    expect(addNotification([n(2), n(1)], n(3)).map((x) => x.id)).toEqual([3, 2, 1]);
    expect(addNotification([n(2), n(1)], { ...n(2), title: 'new' })).toEqual([
      { ...n(2), title: 'new' },
      n(1),
    ]);
    expect(addNotification(undefined, n(1))).toEqual([n(1)]);
    const full = Array.from({ length: NOTIFICATION_TAKE }, (_, i) => n(i + 1));
    const next = addNotification(full, n(1000));
    expect(next).toHaveLength(NOTIFICATION_TAKE);
    expect(next[0].id).toBe(1000);
  });

  it('marks one read after the server agreed', () => {
    const list = [n(2), n(1)];
    const after = markNotificationRead(list, 1);
    expect(after?.map((x) => x.isRead)).toEqual([false, true]);
    expect(list[1].isRead).toBe(false);
    expect(markNotificationRead(undefined, 1)).toBeUndefined();
  });
});
