/**
 * Development only (`?fixture=sultan|bosphorus|fruits`, dev server): a local stand-in for the game
 * API, so the screen can be drawn and played without the server. Never part of the build.
 */
import type { GameApi } from '../kit/api';
import type { LineWin, Outcome, SessionData, SlotInfo, Spin, SpinData, SymbolKind } from './types';

const THEMES: Record<string, [string, string, SymbolKind][]> = {
  sultan: [
    ['tughra', 'Tuğra', 'wild'],
    ['palace', 'Saray', 'scatter'],
    ['sultan', 'Sultan', 'regular'],
    ['scimitar', 'Kılıç', 'regular'],
    ['ring', 'Yakut Yüzük', 'regular'],
    ['coffee', 'Türk Kahvesi', 'regular'],
    ['tulip', 'Lale', 'regular'],
    ['a', 'A', 'regular'],
    ['k', 'K', 'regular'],
    ['q', 'Q', 'regular'],
    ['j', 'J', 'regular'],
  ],
  bosphorus: [
    ['maiden-tower', 'Kız Kulesi', 'wild'],
    ['moon', 'Dolunay', 'scatter'],
    ['galata', 'Galata Kulesi', 'regular'],
    ['ferry', 'Vapur', 'regular'],
    ['gull', 'Martı', 'regular'],
    ['simit', 'Simit', 'regular'],
    ['tea', 'Çay', 'regular'],
    ['lantern', 'Fener', 'regular'],
    ['evil-eye', 'Nazar Boncuğu', 'regular'],
    ['star', 'Yıldız', 'regular'],
  ],
  fruits: [
    ['star', 'Yıldız', 'wild'],
    ['basket', 'Meyve Sepeti', 'scatter'],
    ['seven', 'Yedi', 'regular'],
    ['cherry', 'Kiraz', 'regular'],
    ['fig', 'İncir', 'regular'],
    ['apricot', 'Kayısı', 'regular'],
    ['pomegranate', 'Nar', 'regular'],
    ['grapes', 'Üzüm', 'regular'],
    ['watermelon', 'Karpuz', 'regular'],
    ['lemon', 'Limon', 'regular'],
  ],
};

const PAYLINES = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

export function fixtureSession(api: GameApi, theme: string): SessionData {
  const defs = THEMES[theme] ?? THEMES.sultan;
  const symbols = defs.map(([key, tr, kind], id) => ({
    id,
    key,
    name: { tr, en: key[0].toUpperCase() + key.slice(1) },
    kind,
    pays:
      kind === 'scatter'
        ? [0, 0, 0, 0, 0, 0]
        : [0, 0, 0, 50 - id * 4, 250 - id * 20, 1000 - id * 80],
  }));
  const wild = symbols.find((s) => s.kind === 'wild')!.id;
  const scatter = symbols.find((s) => s.kind === 'scatter')!.id;
  const strip = symbols.flatMap((s) =>
    Array.from({ length: s.kind === 'regular' ? 8 - s.id : 2 }, () => s.id),
  );
  const info: SlotInfo = {
    code: `kasa-${theme}`,
    name: {
      tr:
        { sultan: "Sultan'ın Altını", bosphorus: 'Boğaz Geceleri', fruits: 'Anadolu Meyveleri' }[
          theme
        ] ?? theme,
      en:
        { sultan: "Sultan's Gold", bosphorus: 'Bosphorus Nights', fruits: 'Anatolian Fruits' }[
          theme
        ] ?? theme,
    },
    description: { tr: 'Yerel deneme verisi.', en: 'Local fixture data.' },
    theme,
    reels: 5,
    rows: 3,
    lines: PAYLINES.length,
    paylines: PAYLINES,
    symbols,
    wild,
    scatter,
    scatterPays: [0, 0, 0, 2, 10, 50],
    freeSpins: [0, 0, 0, 10, 15, 20],
    freeSpinMultiplier: 3,
    maxFreeSpins: 50,
    baseReels: Array.from({ length: 5 }, (_, r) =>
      strip.map((_, i) => strip[(i * 5 + r * 3) % strip.length]),
    ),
    freeReels: Array.from({ length: 5 }, () => strip),
    betLevels: [100, 200, 400, 500, 1000, 2000, 4000, 5000, 10000, 20000, 50000],
    rtp: 0.9612,
  };
  let balance = 1000;
  let nonce = 0;
  const force = new URLSearchParams(location.search).get('force');

  const spinOnce = (free: boolean, n: number): Spin => {
    const grid = Array.from({ length: 5 }, (_, r) => {
      const s = info.baseReels[r];
      const at = Math.floor(Math.random() * s.length);
      return [0, 1, 2].map((i) => s[(at + i) % s.length]);
    });
    if (force === 'win' && n === 0)
      PAYLINES[3].forEach((row, r) => (grid[r][row] = r === 2 ? wild : 2));
    if (force === 'free' && n === 0) [0, 2, 4].forEach((r) => (grid[r][1] = scatter));
    const mult = free ? info.freeSpinMultiplier : 1;
    const lineWins: LineWin[] = [];
    PAYLINES.forEach((rows, line) => {
      const cells = rows.map((row, r) => grid[r][row]);
      const first = cells.find((c) => c !== wild) ?? wild;
      if (first === scatter) return;
      let count = 0;
      while (count < 5 && (cells[count] === first || cells[count] === wild)) count++;
      const pay = symbols[first].pays[count] ?? 0;
      if (pay > 0) lineWins.push({ line, symbol: first, count, units: pay * mult });
    });
    const scatters = grid.flat().filter((c) => c === scatter).length;
    const scatterUnits = (info.scatterPays[Math.min(scatters, 5)] ?? 0) * info.lines * mult;
    const awarded = info.freeSpins[Math.min(scatters, 5)] ?? 0;
    const units = lineWins.reduce((a, w) => a + w.units, 0) + scatterUnits;
    return {
      stops: [0, 0, 0, 0, 0],
      grid,
      lineWins,
      scatterUnits,
      freeSpin: free,
      freeSpinsAwarded: awarded,
      multiplier: mult,
      units,
    };
  };

  const play = (): Outcome => {
    const spins = [spinOnce(false, 0)];
    let left = spins[0].freeSpinsAwarded;
    while (left > 0 && spins.length < 40) {
      const s = spinOnce(true, spins.length);
      left += s.freeSpinsAwarded - 1;
      spins.push(s);
    }
    return { spins, winUnits: spins.reduce((a, s) => a + s.units, 0) };
  };

  const fair = () => ({
    serverSeedHash: 'a3f1'.repeat(16),
    clientSeed: 'kasa-player',
    nonce,
    nextServerSeedHash: 'a3f2'.repeat(16),
  });
  api.spinAs = (async (bet: number): Promise<SpinData> => {
    await new Promise((ok) => setTimeout(ok, 120));
    if (bet / 100 > balance)
      throw new (await import('../kit/api')).ApiError(
        api.lang === 'tr' ? 'Yetersiz bakiye' : 'Not enough balance',
        400,
      );
    const outcome = play();
    const win = Math.round((outcome.winUnits * bet) / info.lines);
    balance = Math.round((balance - bet / 100 + win / 100) * 100) / 100;
    nonce += 1;
    return { roundId: String(nonce), bet, win, outcome, balance, fair: fair() };
  }) as GameApi['spinAs'];
  api.rounds = async () => [];
  return { sessionToken: 'fixture', game: info, balance, currency: 'TRY', fair: fair() };
}
