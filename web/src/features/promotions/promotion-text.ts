import { formatIsoDate, intlLocale, parseUtc } from '@/lib/format';
import type { Promotion } from './api/get-promotions';

/**
 * The server sanitises a promotion's HTML when it is stored; the app does it once more before
 * showing it (no script, no event handler, no javascript: URL gets through either way).
 */
export { sanitizeHtml } from '@/lib/html';

/** The card's image, then the dialog's (the card's when there is only one). */
export const PLACEHOLDER_IMAGE = '/media/placeholder-banner.svg';

export function cardImage(promotion: Pick<Promotion, 'images'>): string {
  return promotion.images[0] || PLACEHOLDER_IMAGE;
}

export function dialogImage(promotion: Pick<Promotion, 'images'>): string {
  return promotion.images[1] || cardImage(promotion);
}

/** The days a promotion runs, in the language: first and last, or the first alone when it has no end. */
export type PromotionDates = { start: string; end: string | null };

/** A UTC instant's calendar day (YYYY-MM-DD, UTC), or null when it is not a time. */
function utcDay(value: string, offsetMs = 0): string | null {
  const d = parseUtc(value);
  return d ? new Date(d.getTime() + offsetMs).toISOString().slice(0, 10) : null;
}

/**
 * A promotion runs over whole UTC days: `startsAt` is its first moment, `endsAt` the first moment
 * it is over (so its last day is the day before a midnight end). Both are shown as calendar days.
 */
export function promotionDates(
  promotion: Pick<Promotion, 'startsAt' | 'endsAt'>,
  lang?: string,
): PromotionDates {
  const start = formatIsoDate(utcDay(promotion.startsAt), lang);
  const end = promotion.endsAt ? formatIsoDate(utcDay(promotion.endsAt, -1), lang) : '';
  return { start, end: end || null };
}

/**
 * A weekday's name in the language, 1 Monday to 7 Sunday as the server counts them (Turkey's
 * week): 5 is `Cuma` in Turkish, `Friday` in English.
 */
export function weekdayName(weekday: number, lang: string): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}
