import { intlLocale } from '@shared/format/date';
import { getCurrentLanguage } from './language';

/**
 * Player protection's moments (a raise that may be confirmed, a time-out's end) in Turkey's time,
 * as the server writes them in its messages, in the player's language: `12.05.2025 14:30` in
 * Turkish, `12 May 2025, 14:30` in English, whatever the clock of the player's device says.
 */
export const TURKEY_TIME_ZONE = 'Europe/Istanbul';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment (epoch ms) as a date and time in Turkey's time in the language; '' for no moment. */
export function formatTurkeyDateTime(
  ms: number | null | undefined,
  lang: string = getCurrentLanguage(),
): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  let format = formats.get(lang);
  if (!format) {
    const turkish = lang === 'tr';
    format = new Intl.DateTimeFormat(intlLocale(lang), {
      day: turkish ? '2-digit' : 'numeric',
      month: turkish ? '2-digit' : 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: TURKEY_TIME_ZONE,
    });
    formats.set(lang, format);
  }
  return format.format(new Date(ms));
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment (epoch ms) as a time of day in Turkey's time (`14:30`); '' for no moment. */
export function formatTurkeyTime(
  ms: number | null | undefined,
  lang: string = getCurrentLanguage(),
): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  let format = timeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: TURKEY_TIME_ZONE,
    });
    timeFormats.set(lang, format);
  }
  return format.format(new Date(ms));
}
