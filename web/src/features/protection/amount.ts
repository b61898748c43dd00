import { getCurrentLanguage } from '@/lib/language';

/**
 * A limit typed in lira, in the player's language: `1.500`, `1.500,50` or `1500,5` in Turkish,
 * `1,500`, `1,500.50` or `1500.5` in English (a ₺ sign and spaces are ignored). Null when it is
 * no amount (letters, two decimal marks, more than two decimals).
 */
export function parseAmount(text: string, lang: string = getCurrentLanguage()): number | null {
  const decimal = lang === 'tr' ? ',' : '.';
  const group = lang === 'tr' ? '.' : ',';
  const t = text.replace(/[\s₺]/g, '');
  if (t === '') return null;
  const [whole, fraction, extra] = t.split(decimal);
  if (extra !== undefined) return null;
  let digits: string;
  if (whole.includes(group)) {
    // Groups of three after the first: 1.500.000 (Turkish), 1,500,000 (English).
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) return null;
    digits = whole.split(group).join('');
  } else {
    if (!/^\d+$/.test(whole)) return null;
    digits = whole;
  }
  if (fraction !== undefined && !/^\d{1,2}$/.test(fraction)) return null;
  const n = Number(fraction === undefined ? digits : `${digits}.${fraction}`);
  return Number.isFinite(n) ? n : null;
}

/** A limit's value for its input (`1500`, `1500,5` in Turkish): no grouping, the language's mark. */
export function amountInputText(value: number, lang: string = getCurrentLanguage()): string {
  const text = String(Math.round(value * 100) / 100);
  return lang === 'tr' ? text.replace('.', ',') : text;
}
