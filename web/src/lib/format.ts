import {
  formatIsoDate as isoDate,
  formatWhen,
  intlLocale as intlLocaleOf,
  toDate,
  type DateValue,
} from '@shared/format/date';
import { formatLira } from '@shared/format/money';
import { getCurrentLanguage } from './language';

/**
 * The site's formatting: money and dates in the chosen language (shared/format: `1.234,56 ₺` and
 * dd.MM.yyyy HH:mm in Turkish, `₺1,234.56` and `7 Mar 2025, 09:05` in English), the language
 * being the current one unless given. Date pickers use mm/dd/yy with Sunday as the first weekday
 * (spec section 9) in every language.
 */

export { intlLocale, parseUtc } from '@shared/format/date';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date and time in local time in the language (tr: dd.MM.yyyy HH:mm); '' for an invalid date. */
export function formatDateTime(value: DateValue, lang: string = getCurrentLanguage()): string {
  return formatWhen(value, lang, 'dateTime');
}

/** A date in local time in the language (tr: dd.MM.yyyy). */
export function formatDate(value: DateValue, lang: string = getCurrentLanguage()): string {
  return formatWhen(value, lang, 'date');
}

/** mm/dd/yy, the date pickers' display format. */
export function formatPickerDate(value: DateValue): string {
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${String(d.getFullYear()).slice(-2)}`;
}

/** Date pickers start their week on Sunday (0). */
export const PICKER_FIRST_WEEKDAY = 0;

/** Lira in the language: `1.234,56 ₺` in Turkish (the sign after the amount), `₺1,234.56` in English. */
export function formatMoney(amount: number, lang: string = getCurrentLanguage()): string {
  return formatLira(amount, lang);
}

/** A calendar date sent as year-month-day ('1970-01-01') in the language, without time zones. */
export function formatIsoDate(
  value: string | null | undefined,
  lang: string = getCurrentLanguage(),
): string {
  return isoDate(value, lang);
}

/** 905321234567 → +90 532 123 45 67 */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length !== 12) return phone;
  return `+${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10)}`;
}

/**
 * Lira in the language without a whole amount's zero decimals, as a promotion states its terms:
 * `5.000 ₺` in Turkish, `₺5,000` in English (`12,50 ₺` / `₺12.50` keep them).
 */
export function formatMoneyShort(amount: number, lang: string = getCurrentLanguage()): string {
  const text = formatLira(amount, lang);
  return Number.isInteger(amount) ? text.replace(/[.,]00(?=\D*$)/, '') : text;
}

/** A percentage in the language: `%100` in Turkish, `100%` in English. */
export function formatPercent(percent: number, lang: string = getCurrentLanguage()): string {
  return new Intl.NumberFormat(intlLocaleOf(lang), {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(percent / 100);
}
