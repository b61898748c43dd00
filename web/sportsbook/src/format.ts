import type { Lang } from './params';

const money = new Map<Lang, Intl.NumberFormat>();

/** Lira from kuruş: `1.234,56 ₺` in Turkish, `₺1,234.56` in English (DESIGN.md). */
export function formatKurus(kurus: number, lang: Lang): string {
  return formatLira(kurus / 100, lang);
}

export function formatLira(lira: number, lang: Lang): string {
  let f = money.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
      style: 'currency',
      currency: 'TRY',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    money.set(lang, f);
  }
  if (lang !== 'tr') return f.format(lira);
  const number = f
    .formatToParts(lira)
    .filter((p) => p.type !== 'currency' && p.type !== 'literal')
    .map((p) => p.value)
    .join('');
  return `${number} ₺`;
}

/** Decimal odds with two decimals in the language (2,15 in Turkish, 2.15 in English). */
export function formatPrice(hundredths: number, lang: Lang): string {
  const s = (hundredths / 100).toFixed(2);
  return lang === 'tr' ? s.replace('.', ',') : s;
}

/** A stake as the input shows it after formatting (no currency sign). */
export function formatStakeInput(kurus: number, lang: Lang): string {
  return (kurus / 100).toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB', {
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
  const locale = lang === 'tr' ? 'tr-TR' : 'en-GB';
  const time = d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const next = new Date(now);
  next.setDate(now.getDate() + 1);
  if (sameDay(d, now)) return `${today} ${time}`;
  if (sameDay(d, next)) return `${tomorrow} ${time}`;
  return `${d.toLocaleDateString(locale, { day: 'numeric', month: 'short' })} ${time}`;
}

export function formatDateTime(iso: string, lang: Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
