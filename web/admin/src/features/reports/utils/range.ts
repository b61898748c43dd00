import { z } from 'zod';
import type { ReportRange } from '../api/get-report';

/**
 * Turkey's days, as the reports count them: Turkey is UTC+3 all year (no summer time), so its day
 * is the UTC day of the time three hours later. Days are `YYYY-MM-DD` strings, moved and compared
 * as UTC dates.
 */

const TURKEY_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** The longest range a report covers (the server refuses more). */
export const MAX_DAYS = 92;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real `YYYY-MM-DD` date. */
export function isDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Today in Turkey, `YYYY-MM-DD`. */
export function turkeyToday(now: number = Date.now()): string {
  return new Date(now + TURKEY_OFFSET_MS).toISOString().slice(0, 10);
}

const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(toMs(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** How many days `from` to `to` covers, both counted. */
export function daysIn(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1;
}

/** The report's default: the last 7 days up to today, Turkey's time. */
export function defaultRange(now: number = Date.now()): ReportRange {
  const to = turkeyToday(now);
  return { from: addDays(to, -6), to };
}

/** The ranges offered in one click. */
export function presets(now: number = Date.now()): { label: string; range: ReportRange }[] {
  const today = turkeyToday(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  return [
    { label: 'Today', range: { from: today, to: today } },
    { label: 'Last 7 days', range: { from: addDays(today, -6), to: today } },
    { label: 'Last 30 days', range: { from: addDays(today, -29), to: today } },
    { label: 'This month', range: { from: monthStart, to: today } },
    { label: 'Last month', range: { from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd } },
  ];
}

/** A range of the page's address, if it is one the server takes. */
export function rangeOf(from: string | null, to: string | null): ReportRange | null {
  if (!from || !to || !isDay(from) || !isDay(to)) return null;
  const n = daysIn(from, to);
  return n >= 1 && n <= MAX_DAYS ? { from, to } : null;
}

const dayField = z.string().refine(isDay, 'Pick a day.');

/** The range form's rules: two days, the first not after the last, at most 92, none to come. */
export function rangeFormSchema(today: string) {
  return z.object({ from: dayField, to: dayField }).superRefine(({ from, to }, ctx) => {
    if (!isDay(from) || !isDay(to)) return;
    if (to > today) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The report ends today at most.' });
    }
    if (from > to) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: 'The first day cannot come after the last.',
      });
    } else if (daysIn(from, to) > MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: `At most ${MAX_DAYS} days: this range has ${daysIn(from, to)}.`,
      });
    }
  });
}

export type RangeValues = z.infer<ReturnType<typeof rangeFormSchema>>;

const longDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const weekDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2025-03-07` as `7 Mar 2025`. */
export const formatDay = (day: string) => (isDay(day) ? longDay.format(toMs(day)) : day);
/** `2025-03-07` as `7 Mar`. */
export const formatShortDay = (day: string) => (isDay(day) ? shortDay.format(toMs(day)) : day);
/** `2025-03-07` as `Fri 7 Mar 2025`. */
export const formatWeekDay = (day: string) => (isDay(day) ? weekDay.format(toMs(day)) : day);

/** A range for people: `1 Mar 2025 – 7 Mar 2025 (7 days)`. */
export function formatRange({ from, to }: ReportRange): string {
  const n = daysIn(from, to);
  if (from === to) return formatDay(from);
  return `${formatDay(from)} – ${formatDay(to)} (${n} days)`;
}
