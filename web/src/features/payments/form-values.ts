import { intlLocale } from '@shared/format/date';
import { getCurrentLanguage } from '@/lib/language';

/**
 * The pure parts of the payment forms (spec section 5): numeric input in the language's format
 * (`1.234,56` in Turkish, `1,234.56` in English), clamped to the method's limits, no minus sign
 * when the minimum is 0 or more; IBANs; and the values as they are sent (`{key: value}`: text for
 * String fields, numbers for numeric fields and dropdowns; a dropdown value that is not numeric
 * stays text). The numeric functions take the language, the current one unless given.
 */

/** A server-described field (payment/detail); a dropdown choice's id is a number or a text. */
export type Field = {
  key: string;
  objectType: 'String' | 'Int' | 'Long' | 'Decimal' | 'Dropdown';
  mask?: string | null;
  option?: { id: number | string; name: string }[] | null;
};

export type NumericRules = { min?: number; max?: number; decimals?: number; maxLength?: number };

/** The decimal mark and the thousands separator of a language: `,` and `.` in Turkish, else `.` and `,`. */
export function separators(lang: string): { decimal: string; group: string } {
  return lang === 'tr' ? { decimal: ',', group: '.' } : { decimal: '.', group: ',' };
}

/**
 * Reads a number typed in the language's format (`1.234,56` in Turkish, `1,234.56` in English);
 * null when empty or invalid. Without the language's decimal mark, the other mark is a decimal
 * point typed the other way (`1234.5` in Turkish, `1234,5` in English) unless it only groups
 * thousands (`10.000` in Turkish, `10,000` in English).
 */
export function parseNumber(text: string, lang: string = getCurrentLanguage()): number | null {
  const { decimal, group } = separators(lang);
  let t = text.replace(/[\s₺]/g, '');
  if (t === '' || t === '-') return null;
  const at = t.indexOf(decimal);
  if (at >= 0) t = `${t.slice(0, at).split(group).join('')}.${t.slice(at + 1)}`;
  else if (new RegExp(`^-?\\d{1,3}(\\${group}\\d{3})+$`).test(t)) t = t.split(group).join('');
  else t = t.replace(group, '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** A number in the language's format with grouping: 1.234 or 1.234,50 in Turkish (`decimals` of them). */
export function formatNumber(
  value: number,
  decimals = 2,
  lang: string = getCurrentLanguage(),
): string {
  return new Intl.NumberFormat(intlLocale(lang), {
    maximumFractionDigits: decimals,
    // A fraction is written in full (250,50); a whole number without one (250).
    minimumFractionDigits: Number.isInteger(value) ? 0 : decimals,
    useGrouping: true,
  }).format(value);
}

/** The value clamped to min and max (when given). */
export function clamp(value: number, { min, max }: NumericRules): number {
  let v = value;
  if (max !== undefined && v > max) v = max;
  if (min !== undefined && v < min) v = min;
  return v;
}

/**
 * What a keystroke may leave in a numeric input: digits, the separators, a leading minus only
 * when the minimum allows negatives, at most `decimals` decimals after the language's decimal mark,
 * at most `maxLength` characters; a value above the maximum becomes the maximum at once (below the
 * minimum waits for the blur: typing 1 on the way to 150 must stay possible).
 */
export function sanitizeNumeric(
  text: string,
  rules: NumericRules,
  lang: string = getCurrentLanguage(),
): string {
  const decimals = rules.decimals ?? 2;
  const allowMinus = rules.min === undefined || rules.min < 0;
  const { decimal } = separators(lang);
  let t = text.replace(/[^\d.,-]/g, '');
  const negative = allowMinus && t.startsWith('-');
  t = t.replace(/-/g, '');
  const mark = t.indexOf(decimal);
  if (mark >= 0) {
    const whole = t.slice(0, mark);
    const fraction = t.slice(mark + 1).replace(/[.,]/g, '');
    t = decimals > 0 ? `${whole}${decimal}${fraction.slice(0, decimals)}` : whole;
  }
  if (negative) t = `-${t}`;
  if (rules.maxLength !== undefined) t = t.slice(0, rules.maxLength);
  const n = parseNumber(t, lang);
  if (n !== null && rules.max !== undefined && n > rules.max)
    return formatNumber(rules.max, decimals, lang);
  return t;
}

/** The value on leaving the field: clamped to the limits and written in the language's format. */
export function settleNumeric(
  text: string,
  rules: NumericRules,
  lang: string = getCurrentLanguage(),
): string {
  const n = parseNumber(text, lang);
  if (n === null) return text.trim() === '' ? '' : text;
  return formatNumber(clamp(n, rules), rules.decimals ?? 2, lang);
}

/** One step up or down from the current value (an empty field starts from the minimum or 0). */
export function stepNumeric(
  text: string,
  direction: 1 | -1,
  rules: NumericRules,
  step = 1,
  lang: string = getCurrentLanguage(),
): string {
  const n = parseNumber(text, lang);
  const start = n ?? (direction > 0 ? (rules.min ?? 0) - step : (rules.min ?? 0) + step);
  return formatNumber(clamp(start + direction * step, rules), rules.decimals ?? 2, lang);
}

/** A Turkish IBAN's 24 digits after TR (spaces and the TR prefix dropped). */
export function ibanDigits(text: string): string {
  return text.toUpperCase().replace(/\s/g, '').replace(/^TR/, '').replace(/\D/g, '').slice(0, 24);
}

/** TR followed by 24 digits passing the mod-97 check. */
export function isValidIban(digits: string): boolean {
  if (!/^\d{24}$/.test(digits)) return false;
  // Move TR and the check digits to the end: BBAN + "TR" (29 27) + check digits.
  const rearranged = `${digits.slice(2)}2927${digits.slice(0, 2)}`;
  let rest = 0;
  for (const ch of rearranged) rest = (rest * 10 + Number(ch)) % 97;
  return rest === 1;
}

export const isNumericType = (field: Pick<Field, 'objectType'>) =>
  field.objectType === 'Int' || field.objectType === 'Long' || field.objectType === 'Decimal';

export const isDropdown = (field: Pick<Field, 'objectType' | 'option'>) =>
  field.objectType === 'Dropdown' || (field.option?.length ?? 0) > 0;

export const isIban = (field: Pick<Field, 'key'>) => field.key === 'Iban';

/** The `detail` of payment/deposit and payment/withdraw from the form's texts (typed in `lang`). */
export function toDetail(
  fields: readonly Field[],
  values: Readonly<Record<string, string>>,
  lang: string = getCurrentLanguage(),
): Record<string, string | number> {
  const detail: Record<string, string | number> = {};
  for (const field of fields) {
    const raw = values[field.key] ?? '';
    if (isDropdown(field)) {
      const n = Number(raw);
      detail[field.key] = raw.trim() !== '' && Number.isFinite(n) ? n : raw;
    } else if (isIban(field)) {
      detail[field.key] = `TR${ibanDigits(raw)}`;
    } else if (isNumericType(field)) {
      const n = parseNumber(raw, lang);
      if (n !== null) detail[field.key] = n;
    } else {
      detail[field.key] = raw.trim();
    }
  }
  return detail;
}
