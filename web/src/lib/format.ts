/**
 * Formatting helpers. Every date on the site is shown the Turkish way (dd.MM.yyyy HH:mm),
 * except date pickers, which use mm/dd/yy with Sunday as the first weekday.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** dd.MM.yyyy HH:mm in local time; '' for an invalid date. */
export function formatDateTime(value: Date | string | number): string {
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** dd.MM.yyyy in local time. */
export function formatDate(value: Date | string | number): string {
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
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

const moneyFormat = new Intl.NumberFormat('tr-TR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1.234,56 ₺ */
export function formatMoney(amount: number): string {
  return `${moneyFormat.format(amount)} ₺`;
}

/** A calendar date sent as year-month-day ('1970-01-01') shown as dd.MM.yyyy, without time zones. */
export function formatIsoDate(value: string | null | undefined): string {
  const m = value?.trim().match(/^(\d{4})-(\d{2})-(\d{2})/);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** 905321234567 → +90 532 123 45 67 */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length !== 12) return phone;
  return `+${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10)}`;
}
