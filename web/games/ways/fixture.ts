/**
 * Development only (`/games/ways/?fixture&lang=tr|en`, dev server; `&force=win|free|max` to force
 * a screen): a local stand-in for the game API with a made-up WaysInfo, so the ways screen can be
 * drawn and played without the server. Its rounds follow the contract's rules (ways from the left,
 * the wild on its reels only, scatters anywhere, free spins ×2 without retriggers); its paytable
 * and weights are not the server's. Never part of the build.
 */
import { ApiError, type GameApi } from '../kit/api';
import type { RoundData, SeedData } from '../kit/types';
import type { SymbolKind } from '../slots/types';
import { waysCount } from './logic';
import type { WaysInfo, WaysOutcome, WaysSession, WaysSpin, WaysSpinData, WaysWin } from './types';

const SYMBOLS: [string, string, string, SymbolKind, number[], number][] = [
  // key, Turkish name, English name, kind, pays (units per way by reels), count on a strip (the
  // server's Kapadokya Ways; the wild only on its reels)
  ['balloon', 'Balon', 'Balloon', 'wild', [0, 0, 0, 0, 0, 0, 0], 1],
  ['sunrise', 'Gün Doğumu', 'Sunrise', 'scatter', [0, 0, 0, 0, 0, 0, 0], 2],
  ['chimney', 'Peribacası', 'Fairy Chimney', 'regular', [0, 0, 0, 50, 100, 250, 500], 3],
  ['horse', 'Güzel At', 'Cappadocian Horse', 'regular', [0, 0, 0, 40, 80, 160, 300], 4],
  ['pottery', 'Avanos Çömleği', 'Avanos Pot', 'regular', [0, 0, 0, 30, 60, 120, 200], 5],
  ['carpet', 'Kilim', 'Kilim', 'regular', [0, 0, 0, 25, 50, 100, 150], 6],
  ['a', 'A', 'A', 'regular', [0, 0, 0, 12, 20, 35, 60], 8],
  ['k', 'K', 'K', 'regular', [0, 0, 0, 10, 20, 35, 50], 8],
  ['q', 'Q', 'Q', 'regular', [0, 0, 0, 5, 16, 30, 40], 9],
  ['j', 'J', 'J', 'regular', [0, 0, 0, 5, 16, 30, 40], 9],
];

export const fixtureInfo: WaysInfo = {
  kind: 'ways',
  code: 'kasa-cappadocia-ways',
  name: { tr: 'Kapadokya Ways', en: 'Cappadocia Ways' },
  description: {
    tr: 'Peri bacaları, balonlar ve gün doğumu: her dönüşte değişen makaralarla 117.649 yola kadar. (Yerel deneme verisi.)',
    en: 'Fairy chimneys, balloons and the sunrise: reels that change every spin, up to 117,649 ways. (Local fixture data.)',
  },
  theme: 'cappadocia',
  reels: 6,
  minRows: 2,
  maxRows: 7,
  maxWays: 117649,
  unitsPerBet: 100,
  symbols: SYMBOLS.map(([key, tr, en, kind, pays], id) => ({
    id,
    key,
    name: { tr, en },
    kind,
    pays,
  })),
  wild: 0,
  scatter: 1,
  wildReels: [1, 2, 3, 4],
  freeSpins: [0, 0, 0, 0, 10, 15, 20],
  freeSpinMultiplier: 2,
  betLevels: [100, 200, 400, 500, 1000, 2000, 4000, 5000, 10000, 20000, 50000],
  rtp: 0.9605,
};

/** A reel's height, as likely as the server's (2 to 7 out of 100: 10, 18, 24, 22, 16, 10). */
function height(): number {
  let x = Math.random() * 100;
  for (const [h, w] of [
    [2, 10],
    [3, 18],
    [4, 24],
    [5, 22],
    [6, 16],
  ]) {
    x -= w;
    if (x < 0) return h;
  }
  return 7;
}

function pick(reel: number): number {
  const info = fixtureInfo;
  const choices = SYMBOLS.map((s, id) => [id, s[5]] as const).filter(
    ([id]) => id !== info.wild || info.wildReels.includes(reel),
  );
  const sum = choices.reduce((a, [, w]) => a + w, 0);
  let x = Math.random() * sum;
  for (const [id, w] of choices) {
    x -= w;
    if (x < 0) return id;
  }
  return choices[choices.length - 1][0];
}

/** Scores a screen by the contract's rules. */
export function scoreScreen(grid: number[][], free: boolean): WaysSpin {
  const info = fixtureInfo;
  const multiplier = free ? info.freeSpinMultiplier : 1;
  const wins: WaysWin[] = [];
  for (const s of info.symbols) {
    if (s.kind !== 'regular') continue;
    let reels = 0;
    let ways = 1;
    for (const column of grid) {
      const n = column.filter((c) => c === s.id || c === info.wild).length;
      if (n === 0) break;
      ways *= n;
      reels += 1;
    }
    const pay = s.pays[reels] ?? 0;
    if (pay > 0) wins.push({ symbol: s.id, reels, ways, units: pay * ways * multiplier });
  }
  const scatters = grid.flat().filter((c) => c === info.scatter).length;
  const heights = grid.map((c) => c.length);
  return {
    heights,
    stops: heights.map(() => Math.floor(Math.random() * 100)),
    grid,
    ways: waysCount(heights),
    wins,
    scatters,
    freeSpin: free,
    freeSpinsAwarded: free ? 0 : (info.freeSpins[Math.min(scatters, info.reels)] ?? 0),
    multiplier,
    units: wins.reduce((a, w) => a + w.units, 0),
  };
}

function screen(force: string | null, first: boolean): number[][] {
  const info = fixtureInfo;
  const heights = Array.from({ length: info.reels }, () =>
    force === 'max' && first ? info.maxRows : height(),
  );
  const grid = heights.map((n, r) => Array.from({ length: n }, () => pick(r)));
  if (first && force === 'win') {
    grid.forEach((column, r) => {
      column[0] = r === 2 ? info.wild : 2;
      if (column.length > 2) column[2] = 3;
    });
  }
  if (first && force === 'free') [0, 1, 3, 5, 4].forEach((r) => (grid[r][1] = info.scatter));
  if (first && force === 'max') grid.forEach((column) => (column[3] = 9));
  return grid;
}

function play(force: string | null): WaysOutcome {
  const spins = [scoreScreen(screen(force, true), false)];
  for (let i = 0; i < spins[0].freeSpinsAwarded; i++)
    spins.push(scoreScreen(screen(null, false), true));
  return { spins, winUnits: spins.reduce((a, s) => a + s.units, 0) };
}

export function fixtureSession(api: GameApi): WaysSession {
  const info = fixtureInfo;
  let balance = 1000;
  let nonce = 0;
  let serverSeed = 'fixture-server-seed-1';
  let clientSeed = 'kasa-player';
  const rounds: RoundData<WaysOutcome>[] = [];
  const force = new URLSearchParams(location.search).get('force');
  const hash = () => 'c0ffee'.repeat(10) + String(rounds.length).padStart(4, '0');
  const fair = () => ({ serverSeedHash: hash(), clientSeed, nonce, nextServerSeedHash: hash() });

  api.spinAs = (async (bet: number): Promise<WaysSpinData> => {
    await new Promise((ok) => setTimeout(ok, 150));
    if (bet / 100 > balance + 1e-9)
      throw new ApiError(api.lang === 'tr' ? 'Yetersiz bakiye' : 'Not enough balance', 400, {
        balance,
      });
    const outcome = play(force);
    const win = Math.floor((outcome.winUnits * bet) / info.unitsPerBet);
    balance = Math.round((balance - bet / 100 + win / 100) * 100) / 100;
    rounds.unshift({
      roundId: String(nonce),
      bet,
      win,
      nonce,
      clientSeed,
      serverSeedHash: hash(),
      serverSeed: null,
      outcome,
      createdAt: new Date().toISOString(),
    });
    nonce += 1;
    return { roundId: String(nonce), bet, win, outcome, balance, fair: fair(), jackpots: [] };
  }) as GameApi['spinAs'];
  api.rounds = (async () => rounds.slice(0, 20)) as GameApi['rounds'];
  api.seed = async (seed: string): Promise<SeedData> => {
    const revealed = {
      serverSeed,
      serverSeedHash: hash(),
      clientSeed,
      lastNonce: nonce > 0 ? nonce - 1 : null,
    };
    rounds.forEach((r) => (r.serverSeed ??= serverSeed));
    serverSeed = `fixture-server-seed-${rounds.length + 2}`;
    clientSeed = seed;
    nonce = 0;
    return { revealed, fair: fair() };
  };
  api.verify = (async (_code: string, seed: string, client: string, at: number) => {
    const round = rounds.find(
      (r) => r.serverSeed === seed && r.clientSeed === client && r.nonce === at,
    );
    if (!round?.outcome) throw new ApiError(api.lang === 'tr' ? 'Bulunamadı' : 'Not found', 400);
    return { serverSeedHash: round.serverSeedHash, outcome: round.outcome };
  }) as GameApi['verify'];
  return { sessionToken: 'fixture', game: info, balance, currency: 'TRY', fair: fair() };
}
