import { formatWhen, intlLocale } from '@shared/format/date';
import type { Lang } from './params';

/** Money as the site writes it (shared/format/money.ts): `1.234,56 ₺` / `₺1,234.56`. */
export { formatKurus, formatLira } from '@shared/format/money';

/** Decimal odds with two decimals in the language (2,15 in Turkish, 2.15 in English). */
export function formatPrice(hundredths: number, lang: Lang): string {
  const s = (hundredths / 100).toFixed(2);
  return lang === 'tr' ? s.replace('.', ',') : s;
}

/** A stake as the input shows it after formatting (no currency sign). */
export function formatStakeInput(kurus: number, lang: Lang): string {
  return (kurus / 100).toLocaleString(intlLocale(lang), {
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
}

function sameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/** Kick-off: `Bugün 20:00`, `Yarın 18:30`, or `25 Kas 20:00`. */
export function formatKickOff(
  iso: string,
  lang: Lang,
  today: string,
  tomorrow: string,
  now = new Date(),
): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = formatWhen(d, lang, 'time');
  const next = new Date(now);
  next.setDate(now.getDate() + 1);
  if (sameDay(d, now)) return `${today} ${time}`;
  if (sameDay(d, next)) return `${tomorrow} ${time}`;
  return `${formatWhen(d, lang, 'dayMonth')} ${time}`;
}

/** A bet's time: `25 Kas 20:00`. */
export function formatDateTime(iso: string, lang: Lang): string {
  return formatWhen(iso, lang, 'dayMonthTime');
}
