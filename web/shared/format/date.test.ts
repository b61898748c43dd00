import { describe, expect, it } from 'vitest';
import { formatIsoDate, formatWhen, intlLocale, parseUtc, type DateStyle } from './date';

describe('dates in the language', () => {
  const d = new Date(2025, 2, 7, 9, 5);

  it('every style as date.ts tells it', () => {
    const table: [DateStyle, string, string][] = [
      ['date', '07.03.2025', '7 Mar 2025'],
      ['dateTime', '07.03.2025 09:05', '7 Mar 2025, 09:05'],
      ['dayMonth', '7 Mar', '7 Mar'],
      ['time', '09:05', '09:05'],
      ['dayMonthTime', '7 Mar 09:05', '7 Mar, 09:05'],
      ['numeric', '07/03 09:05', '07/03, 09:05'],
    ];
    for (const [style, tr, en] of table) {
      expect(formatWhen(d, 'tr', style), style).toBe(tr);
      expect(formatWhen(d, 'en', style), style).toBe(en);
    }
  });

  it('the same as the Intl options each app used before', () => {
    const at = '2025-11-25T17:30:00Z';
    for (const lang of ['tr', 'en']) {
      const locale = intlLocale(lang);
      expect(formatWhen(at, lang, 'dayMonthTime')).toBe(
        new Date(at).toLocaleString(locale, {
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
        }),
      );
      expect(formatWhen(at, lang, 'time')).toBe(
        new Date(at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }),
      );
      expect(formatWhen(at, lang, 'dayMonth')).toBe(
        new Date(at).toLocaleDateString(locale, { day: 'numeric', month: 'short' }),
      );
    }
  });

  it('nothing for no date', () => {
    for (const value of ['not a date', '', null, undefined])
      expect(formatWhen(value, 'tr', 'dateTime')).toBe('');
    expect(formatIsoDate('', 'en')).toBe('');
  });

  it('calendar days without time zones, server times as UTC', () => {
    expect(formatIsoDate('1970-01-31', 'tr')).toBe('31.01.1970');
    expect(formatIsoDate('1970-01-31', 'en')).toBe('31 Jan 1970');
    expect(parseUtc('2025-03-07 09:05:00')?.toISOString()).toBe('2025-03-07T09:05:00.000Z');
    expect(parseUtc('2025-03-07T09:05:00+03:00')?.toISOString()).toBe('2025-03-07T06:05:00.000Z');
  });
});
