import { PICKER_FIRST_WEEKDAY } from '@/lib/format';

/**
 * The date pickers' calendar dates (spec section 9: mm/dd/yy, weeks starting on Sunday), kept as
 * ISO days ('2026-03-07') without time zones: the filter sends them as they are.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function utc(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

function iso(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A year, month (0-11) and day as an ISO day, or null when that day does not exist. */
export function isoDay(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month || d.getUTCDate() !== day) {
    return null;
  }
  return iso(d);
}

/** Today in the player's clock, as an ISO day. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** '2026-03-07' → '03/07/26'; '' for anything else. */
export function toPickerText(value: string): string {
  const d = utc(value);
  if (!d) return '';
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${String(d.getUTCFullYear()).slice(-2)}`;
}

/**
 * What the player typed (mm/dd/yy; one-digit months and days, a four-digit year, '.' or '-' as
 * separators also read) as an ISO day, or null when it is no date. A two-digit year is 20yy.
 */
export function parsePickerText(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return isoDay(year, Number(m[1]) - 1, Number(m[2]));
}

/** The ISO day `days` after (or before) another. */
export function addDays(value: string, days: number): string {
  const d = utc(value);
  if (!d) return value;
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** The same day `months` later (or earlier), kept inside the shorter month (Jan 31 → Feb 28). */
export function addMonths(value: string, months: number): string {
  const d = utc(value);
  if (!d) return value;
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d.getUTCDate(), last));
  return iso(first);
}

/** The year and month (0-11) of an ISO day. */
export function monthOf(value: string): { year: number; month: number } {
  const d = utc(value) ?? new Date(0);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() };
}

export type GridDay = { iso: string; day: number; inMonth: boolean };

/**
 * A month's calendar: whole weeks starting on Sunday, from the week of the 1st to the week of the
 * last day (the days of the months around it fill the first and last weeks).
 */
export function monthGrid(year: number, month: number): GridDay[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const start = new Date(first);
  start.setUTCDate(1 - ((first.getUTCDay() - PICKER_FIRST_WEEKDAY + 7) % 7));
  const weeks: GridDay[][] = [];
  const d = start;
  do {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ iso: iso(d), day: d.getUTCDate(), inMonth: d.getUTCMonth() === month });
      d.setUTCDate(d.getUTCDate() + 1);
    }
    weeks.push(week);
  } while (d.getUTCMonth() === month);
  return weeks;
}

/** The seven weekday names from Sunday, in the language ('Paz', 'Pzt', … / 'Sun', 'Mon', …). */
export function weekdayNames(locale: string, width: 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    format.format(new Date(Date.UTC(2023, 0, 1 + ((i + PICKER_FIRST_WEEKDAY) % 7)))),
  );
}

/** 'March 2026' / 'Mart 2026'. */
export function monthTitle(locale: string, year: number, month: number): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month, 1)));
}

/** A day's full name for its button ('Saturday 7 March 2026'). */
export function dayLabel(locale: string, value: string): string {
  const d = utc(value);
  if (!d) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(d);
}

/** An ISO day kept inside [min, max] (either may be ''). */
export function clampDay(value: string, min = '', max = ''): string {
  if (min && value < min) return min;
  if (max && value > max) return max;
  return value;
}

/** A from/to range kept valid after one end changed: the other end follows, never crossing it. */
export function keepRange(
  range: { from: string; to: string },
  changed: 'from' | 'to',
): { from: string; to: string } {
  const { from, to } = range;
  if (!from || !to || from <= to) return range;
  return changed === 'from' ? { from, to: from } : { from: to, to };
}
