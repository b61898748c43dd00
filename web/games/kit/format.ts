/**
 * Money, percentages and dates in the page's language (DESIGN.md): money and dates as the site
 * writes them (shared/format), `1.234,50 ₺` / `₺1,234.50`; a lira amount may show more decimals
 * for a fraction of a kurus (`formatLira(0.005, lang, 3)`: `0,005 ₺`).
 */
import { formatWhen, intlLocale } from '@shared/format/date';
import type { Lang } from './i18n';

export { formatKurus, formatLira } from '@shared/format/money';

/** The return to player (a fraction) as the info panel shows it: `RTP %96,12` / `RTP 96.12%`. */
export function formatRtp(rtp: number, lang: Lang): string {
  const pct = new Intl.NumberFormat(intlLocale(lang), {
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
  return `×${new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 }).format(value)}`;
}

/** A round's date and time in the language: `07/03 09:05`. */
export function formatDateTime(value: string | undefined, lang: Lang): string {
  return formatWhen(value, lang, 'numeric');
}

/** A long hex string shortened for a narrow screen: `3f9a1c…e07b`. */
export function shortHash(hash: string, keep = 10): string {
  return hash.length <= keep * 2 + 1 ? hash : `${hash.slice(0, keep)}…${hash.slice(-keep)}`;
}
