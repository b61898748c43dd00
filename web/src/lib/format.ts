import { getCurrentLanguage } from './language';

/**
 * Formatting helpers. Money and dates follow the chosen language through `Intl`: in Turkish
 * `1.234,56 ₺` and dd.MM.yyyy HH:mm, in English `₺1,234.56` and `7 Mar 2025, 09:05`. Date
 * pickers use mm/dd/yy with Sunday as the first weekday (spec section 9) in every language.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The `Intl` locale of a site language: Turkish, or British English for English. */
export function intlLocale(lang: string): string {
  return lang === 'tr' ? 'tr-TR' : 'en-GB';
}

const formats = new Map<string, Intl.DateTimeFormat>();

function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let f = formats.get(key);
  if (!f) {
    f = make();
    formats.set(key, f);
  }
  return f;
}

function dateFormat(lang: string, withTime: boolean, utc = false): Intl.DateTimeFormat {
  return cached(`date:${lang}:${withTime}:${utc}`, () => {
    const turkish = lang === 'tr';
    return new Intl.DateTimeFormat(intlLocale(lang), {
      day: turkish ? '2-digit' : 'numeric',
      month: turkish ? '2-digit' : 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
      ...(utc ? { timeZone: 'UTC' } : {}),
    });
  });
}

/** A date and time in local time in the language (tr: dd.MM.yyyy HH:mm); '' for an invalid date. */
export function formatDateTime(
  value: Date | string | number,
  lang: string = getCurrentLanguage(),
): string {
  const d = toDate(value);
  return d ? dateFormat(lang, true).format(d) : '';
}

/** A date in local time in the language (tr: dd.MM.yyyy). */
export function formatDate(
  value: Date | string | number,
  lang: string = getCurrentLanguage(),
): string {
  const d = toDate(value);
  return d ? dateFormat(lang, false).format(d) : '';
}

/** Server timestamps are UTC; a value without a zone designator is read as UTC. */
export function parseUtc(value: string): Date | null {
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim());
  return toDate(hasZone ? value : `${value.trim()}Z`);
}

/** mm/dd/yy, the date pickers' display format. */
export function formatPickerDate(value: Date | string | number): string {
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${String(d.getFullYear()).slice(-2)}`;
}

/** Date pickers start their week on Sunday (0). */
export const PICKER_FIRST_WEEKDAY = 0;

/**
 * `amount` to 2 decimals as Intl rounds it (half away from zero, from the shortest decimal that
 * reads back as the number: 1.005 is 1.01), its whole part grouped by thousands with `group`; the
 * sign only when the rounded amount is not zero.
 */
function plainAmount(amount: number, group: string, decimal: string): [sign: string, text: string] {
  const shortest = Math.abs(amount).toString();
  let digits: string;
  if (/e/i.test(shortest)) {
    digits = Math.abs(amount) < 1 ? '0' : BigInt(Math.round(Math.abs(amount) * 100)).toString();
  } else {
    const [whole, fraction = ''] = shortest.split('.');
    const up = (fraction[2] ?? '0') >= '5' ? 1n : 0n;
    digits = (BigInt(whole + fraction.slice(0, 2).padEnd(2, '0')) + up).toString();
  }
  digits = digits.padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const sign = amount < 0 && /[1-9]/.test(digits) ? '-' : '';
  return [sign, `${whole}${decimal}${digits.slice(-2)}`];
}

/**
 * Lira in the language: `1.234,56 ₺` in Turkish (the sign after the amount), `₺1,234.56` in English.
 * Written out, not by Intl.NumberFormat: creating a currency format costs a phone some 50 ms, in
 * the middle of the first render (the jackpots show amounts). format.test.ts holds it to Intl's.
 */
export function formatMoney(amount: number, lang: string = getCurrentLanguage()): string {
  if (!Number.isFinite(amount)) return '';
  if (lang === 'tr') {
    const [sign, text] = plainAmount(amount, '.', ',');
    return `${sign}${text} ₺`;
  }
  const [sign, text] = plainAmount(amount, ',', '.');
  return `${sign}₺${text}`;
}

/** A calendar date sent as year-month-day ('1970-01-01') in the language, without time zones. */
export function formatIsoDate(
  value: string | null | undefined,
  lang: string = getCurrentLanguage(),
): string {
  const m = value?.trim().match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!m) return '';
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dateFormat(lang, false, true).format(day);
}

/** 905321234567 → +90 532 123 45 67 */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length !== 12) return phone;
  return `+${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10)}`;
}
