/** Money and percentages in the page's language (DESIGN.md): `1.234,50 ₺` / `₺1,234.50`. */
import type { Lang } from './i18n';

const money = new Map<string, Intl.NumberFormat>();

function moneyFormat(lang: Lang, maxDigits: number): Intl.NumberFormat {
  const key = `${lang}:${maxDigits}`;
  let f = money.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
      style: 'currency',
      currency: 'TRY',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: Math.max(2, maxDigits),
    });
    money.set(key, f);
  }
  return f;
}

/**
 * Lira in the language: `1.234,50 ₺` in Turkish (the sign after), `₺1,234.50` in English.
 * `maxDigits`: the most decimals shown (2 by default; more for a fraction of a kurus, as a pay per
 * way at a small bet: `0,005 ₺`).
 */
export function formatLira(lira: number, lang: Lang, maxDigits = 2): string {
  const format = moneyFormat(lang, maxDigits);
  if (lang !== 'tr') return format.format(lira);
  const number = format
    .formatToParts(lira)
    .filter((p) => p.type !== 'currency' && p.type !== 'literal')
    .map((p) => p.value)
    .join('');
  return `${number} ₺`;
}

/** Kurus (integer hundredths) as lira in the language. */
export function formatKurus(kurus: number, lang: Lang): string {
  return formatLira(kurus / 100, lang);
}

/** The return to player (a fraction) as the info panel shows it: `RTP %96,12` / `RTP 96.12%`. */
export function formatRtp(rtp: number, lang: Lang): string {
  const pct = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(rtp * 100);
  return lang === 'tr' ? `RTP %${pct}` : `RTP ${pct}%`;
}

/**
 * The return with the progressive jackpots' share on top, as the slots' info panel shows it:
 * `RTP %96,12 + %1,00 jackpot` / `RTP 96.12% + 1.00% jackpot` (the plain RTP without a share).
 */
export function formatRtpWithJackpot(
  rtp: number,
  jackpotRtp: number | undefined,
  lang: Lang,
): string {
  if (!jackpotRtp) return formatRtp(rtp, lang);
  const share = formatRtp(jackpotRtp, lang).replace('RTP ', '');
  return `${formatRtp(rtp, lang)} + ${share} jackpot`;
}

/** A multiplier of the bet: `×12,5` / `×12.5`. */
export function formatTimes(value: number, lang: Lang): string {
  return `×${new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { maximumFractionDigits: 2 }).format(value)}`;
}

/** A date and time in the language. */
export function formatDateTime(value: string | undefined, lang: Lang): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

/** A long hex string shortened for a narrow screen: `3f9a1c…e07b`. */
export function shortHash(hash: string, keep = 10): string {
  return hash.length <= keep * 2 + 1 ? hash : `${hash.slice(0, keep)}…${hash.slice(-keep)}`;
}
