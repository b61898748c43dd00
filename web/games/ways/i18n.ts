/** The ways slot's own texts (the shared ones — meters, panels, errors — are in ../i18n). */
import type { Lang } from '../kit/i18n';

const tr = {
  /** The word after the ways count over the reels ('117.649 YOL'). */
  waysTag: 'YOL',
  waysLabel: (n: string) => `${n} kazanma yolu`,
  waysWord: 'yol',
  winOf: (reels: number, name: string, ways: string) => `${reels} makara ${name} · ${ways} yol`,
  freeLeftLabel: 'Kalan bedava dönüş',
  /** The same on the narrowest screens. */
  freeLeftShort: 'Bedava dönüş',
  freeStart: (n: number, m: number) => `${n} bedava dönüş başlıyor. Tüm kazançlar ×${m}.`,
  multiplierLabel: (m: number) => `Tüm kazançlar ×${m}`,
  jackpot: (name: string) => `JACKPOT · ${name}`,
  jackpotSaid: (name: string, amount: string) => `Jackpot kazandın: ${name}, ${amount}`,
  // Info panel
  howTitle: 'Kazanma yolları',
  howText: (reels: number, min: number, max: number, ways: string) =>
    `${reels} makaranın her biri her dönüşte ${min} ile ${max} arası sembol gösterir; yol sayısı makara yüksekliklerinin çarpımıdır, en fazla ${ways}.`,
  paytableNote: (bet: string) =>
    `Yol başına ödemeler, ${bet} bahiste, soldan itibaren art arda makara sayısına göre.`,
  wildNote: (reels: string) =>
    `Yalnızca ${reels}. makaralarda çıkar; bonus dışındaki tüm sembollerin yerine geçer. Kendisi ödeme yapmaz.`,
  scatterNote: 'Ekranın herhangi bir yerinde:',
  scatterPays: (n: number, spins: number) => `${n} bonus → ${spins} bedava dönüş`,
  reelsN: (n: number) => `${n} makara`,
  rulesList: (mult: number, ways: string) => [
    `Her dönüşte makara yükseklikleri değişir; yol sayısı (en fazla ${ways}) makaraların üzerinde gösterilir.`,
    'Bir sembol en soldaki makaradan başlayarak art arda makaralarda çıkarsa kazandırır; satır konumu önemli değildir.',
    'Kazanç = yol başına ödeme × yol sayısı; yol sayısı, kazandıran her makaradaki sembol (ve joker) sayılarının çarpımıdır.',
    'Her sembol için yalnızca en uzun kazanç ödenir; farklı sembollerin kazançları toplanır.',
    `Bedava dönüşlerde tüm kazançlar ×${mult}; bedava dönüşler yeniden kazanılmaz ve kazandıran turun bahsiyle oynanır.`,
    'Arıza tüm ödemeleri ve oyunları geçersiz kılar.',
  ],
  // Verify view
  verifyWays: (heights: string, ways: string) => `Yükseklikler ${heights} · ${ways} yol`,
};

export type WaysDict = typeof tr;

const en: WaysDict = {
  waysTag: 'WAYS',
  waysLabel: (n: string) => `${n} ways to win`,
  waysWord: 'ways',
  winOf: (reels: number, name: string, ways: string) => `${reels} reels of ${name} · ${ways} ways`,
  freeLeftLabel: 'Free spins left',
  freeLeftShort: 'Free spins',
  freeStart: (n: number, m: number) => `${n} free spins begin. All wins ×${m}.`,
  multiplierLabel: (m: number) => `All wins ×${m}`,
  jackpot: (name: string) => `JACKPOT · ${name}`,
  jackpotSaid: (name: string, amount: string) => `Jackpot won: ${name}, ${amount}`,
  howTitle: 'Ways to win',
  howText: (reels: number, min: number, max: number, ways: string) =>
    `Each of the ${reels} reels shows ${min} to ${max} symbols on every spin; the ways are the product of the reel heights, up to ${ways}.`,
  paytableNote: (bet: string) =>
    `Pays per way at a ${bet} bet, by the number of adjacent reels from the left.`,
  wildNote: (reels: string) =>
    `Lands on reels ${reels} only; substitutes for every symbol except the bonus. Pays nothing itself.`,
  scatterNote: 'Anywhere on the screen:',
  scatterPays: (n: number, spins: number) => `${n} bonus → ${spins} free spins`,
  reelsN: (n: number) => `${n} reels`,
  rulesList: (mult: number, ways: string) => [
    `The reel heights change on every spin; the ways (up to ${ways}) are shown above the reels.`,
    'A symbol wins on adjacent reels starting from the leftmost reel, in any row.',
    'Win = pay per way × ways; the ways are the product of the counts of the symbol (and the wild) on each winning reel.',
    'Only the longest win of each symbol is paid; wins of different symbols are added.',
    `All free-spin wins ×${mult}; free spins cannot be won again and are played at the bet of the round that won them.`,
    'Malfunction voids all pays and plays.',
  ],
  verifyWays: (heights: string, ways: string) => `Heights ${heights} · ${ways} ways`,
};

const dicts: Record<Lang, WaysDict> = { tr, en };

export function waysDict(lang: Lang): WaysDict {
  return dicts[lang];
}
