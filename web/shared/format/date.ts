/**
 * Dates and times in the player's language through `Intl` (DESIGN.md), in the local time of the
 * player's clock unless said otherwise. Every view that shows a date picks one of these styles:
 *
 * | style          | Turkish            | English               | where                          |
 * | -------------- | ------------------ | --------------------- | ------------------------------ |
 * | `date`         | `07.03.2025`       | `7 Mar 2025`          | the site                       |
 * | `dateTime`     | `07.03.2025 09:05` | `7 Mar 2025, 09:05`   | the site                       |
 * | `dayMonth`     | `7 Mar`            | `7 Mar`               | the sportsbook's kick-off      |
 * | `time`         | `09:05`            | `09:05`               | the sportsbook's kick-off      |
 * | `dayMonthTime` | `7 Mar 09:05`      | `7 Mar, 09:05`        | the sportsbook's bets          |
 * | `numeric`      | `07/03 09:05`      | `07/03, 09:05`        | the games' rounds              |
 */

export type DateValue = Date | string | number;

export type DateStyle = 'date' | 'dateTime' | 'dayMonth' | 'time' | 'dayMonthTime' | 'numeric';

/** The `Intl` locale of a site language: Turkish, or British English for English. */
export function intlLocale(lang: string): string {
  return lang === 'tr' ? 'tr-TR' : 'en-GB';
}

/** A value as a Date; null when it is no valid date. */
export function toDate(value: DateValue): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Server timestamps are UTC; a value without a zone designator is read as UTC. */
export function parseUtc(value: string): Date | null {
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim());
  return toDate(hasZone ? value : `${value.trim()}Z`);
}

const time = { hour: '2-digit', minute: '2-digit' } as const;

function options(style: DateStyle, lang: string): Intl.DateTimeFormatOptions {
  const turkish = lang === 'tr';
  const date = {
    day: turkish ? '2-digit' : 'numeric',
    month: turkish ? '2-digit' : 'short',
    year: 'numeric',
  } as const;
  switch (style) {
    case 'date':
      return date;
    case 'dateTime':
      return { ...date, ...time, hourCycle: 'h23' };
    case 'dayMonth':
      return { day: 'numeric', month: 'short' };
    case 'time':
      return time;
    case 'dayMonthTime':
      return { day: 'numeric', month: 'short', ...time };
    case 'numeric':
      return { day: '2-digit', month: '2-digit', ...time, hourCycle: 'h23' };
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The format of a style in a language (made once: making one costs a phone some time). */
function dateFormat(style: DateStyle, lang: string, utc = false): Intl.DateTimeFormat {
  const key = `${style}:${lang}:${utc}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), {
      ...options(style, lang),
      ...(utc ? { timeZone: 'UTC' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** A date in a style of the language (see the table above); '' for no valid date. */
export function formatWhen(
  value: DateValue | null | undefined,
  lang: string,
  style: DateStyle,
): string {
  const d = value === null || value === undefined || value === '' ? null : toDate(value);
  return d ? dateFormat(style, lang).format(d) : '';
}

/** A calendar date sent as year-month-day ('1970-01-01') in the language, without time zones. */
export function formatIsoDate(value: string | null | undefined, lang: string): string {
  const m = value?.trim().match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!m) return '';
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dateFormat('date', lang, true).format(day);
}
