import type {
  BlackjackInfo,
  CrashInfo,
  Jackpot,
  PublishedGame,
  SlotInfo,
  TableInfo,
  WaysInfo,
} from './api/get-published';

/**
 * The studio's rounds recomputed in the browser from the published parameters and the seeds, by
 * the algorithms of the README's "Provably fair games" (the server's engine is never asked): the
 * stream is HMAC-SHA256 of Web Crypto, everything after it plain arithmetic. Pure functions; each
 * answer has the shape `/games/api/verify` gives, so the two compare as they are.
 */

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new NoCryptoError();
  return s;
}

/** The browser has no Web Crypto (an insecure origin, or a very old browser). */
export class NoCryptoError extends Error {
  constructor() {
    super('Web Crypto is not available');
    this.name = 'NoCryptoError';
  }
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** SHA-256 of a text's UTF-8 bytes, lowercase hex: a server seed's commitment. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await subtle().digest('SHA-256', encoder.encode(text)));
}

async function hmacKey(key: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return subtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/**
 * A round's stream: block `counter` = HMAC-SHA256(key = the server seed's text, message =
 * "{clientSeed}:{nonce}:{counter}"), eight big-endian 32-bit numbers per block.
 */
export class FairStream {
  private words: number[] = [];
  private used = 0;
  private counter = 0;

  private constructor(
    private readonly key: CryptoKey,
    private readonly prefix: string,
  ) {}

  /** The stream of round `nonce` (decimal digits) of a server seed and a client seed. */
  static async create(serverSeed: string, clientSeed: string, nonce: string): Promise<FairStream> {
    const key = await hmacKey(encoder.encode(serverSeed));
    return new FairStream(key, `${clientSeed}:${BigInt(nonce).toString()}:`);
  }

  /** The next 32-bit number. */
  async next(): Promise<number> {
    if (this.used === this.words.length) {
      const message = encoder.encode(`${this.prefix}${this.counter++}`);
      const view = new DataView(await subtle().sign('HMAC', this.key, message));
      this.words = Array.from({ length: 8 }, (_, i) => view.getUint32(4 * i));
      this.used = 0;
    }
    return this.words[this.used++];
  }

  /** A number below `n` by rejection sampling: no bias. */
  async below(n: number): Promise<number> {
    if (n <= 0) return 0;
    const span = 2 ** 32;
    const zone = span - (span % n);
    for (;;) {
      const x = await this.next();
      if (x < zone) return x % n;
    }
  }

  /** A 64-bit number: two 32-bit numbers, the high one first. */
  async next64(): Promise<bigint> {
    const high = BigInt(await this.next());
    return (high << 32n) | BigInt(await this.next());
  }
}

// ---------- Slots ----------

export type LineWin = { line: number; symbol: number; count: number; units: number };
export type SlotSpin = {
  stops: number[];
  grid: number[][];
  lineWins: LineWin[];
  scatterUnits: number;
  freeSpin: boolean;
  freeSpinsAwarded: number;
  multiplier: number;
  units: number;
};
export type SlotOutcome = { spins: SlotSpin[]; winUnits: number };

/** The best pay of a payline's symbols, left to right: [symbol, count, units], or null. */
export function linePay(info: SlotInfo, cells: number[]): [number, number, number] | null {
  const wild = info.wild ?? -1;
  let wilds = 0;
  while (wilds < cells.length && cells[wilds] === wild) wilds++;
  let best: [number, number, number] = [0, wilds, 0];
  if (wilds > 0) {
    // A run of wilds pays the best of the wild's own and every regular symbol's, the wild first.
    const order = [
      ...(info.wild != null ? [info.wild] : []),
      ...info.symbols.filter((s) => s.kind === 'regular').map((s) => s.id),
    ];
    for (const s of order) {
      const pay = info.symbols[s].pays[wilds] ?? 0;
      if (pay > best[2]) best = [s, wilds, pay];
    }
  }
  if (wilds < cells.length) {
    const first = cells[wilds];
    let run = wilds + 1;
    while (run < cells.length && (cells[run] === first || cells[run] === wild)) run++;
    const sym = info.symbols[first];
    const pay = sym?.kind === 'regular' ? (sym.pays[run] ?? 0) : 0;
    if (pay > best[2]) best = [first, run, pay];
  }
  return best[2] > 0 ? best : null;
}

/**
 * A payline slot's round: the base spin (one stop per reel, `below(strip length)`), then each
 * free spin it awards on the free-spin strips (retriggers included, at most the slot's maximum).
 */
export async function slotRound(info: SlotInfo, rng: FairStream): Promise<SlotOutcome> {
  const spins: SlotSpin[] = [];
  let remaining = 1;
  let awardedTotal = 0;
  let winUnits = 0;
  for (let free = false; remaining > 0; free = true) {
    remaining--;
    const reels = free ? info.freeReels : info.baseReels;
    const multiplier = free ? info.freeSpinMultiplier : 1;
    const stops: number[] = [];
    for (const strip of reels) stops.push(await rng.below(strip.length));
    const grid = reels.map((strip, r) =>
      Array.from({ length: info.rows }, (_, row) => strip[(stops[r] + row) % strip.length]),
    );
    const lineWins: LineWin[] = [];
    let units = 0;
    info.paylines.forEach((line, index) => {
      const win = linePay(
        info,
        line.map((row, reel) => grid[reel][row]),
      );
      if (win) {
        lineWins.push({ line: index, symbol: win[0], count: win[1], units: win[2] * multiplier });
        units += win[2] * multiplier;
      }
    });
    const scatters = Math.min(5, grid.flat().filter((s) => s === info.scatter).length);
    const scatterUnits = (info.scatterPays[scatters] ?? 0) * info.paylines.length * multiplier;
    const award = Math.min(info.freeSpins[scatters] ?? 0, info.maxFreeSpins - awardedTotal);
    awardedTotal += award;
    remaining += award;
    units += scatterUnits;
    winUnits += units;
    spins.push({
      stops,
      grid,
      lineWins,
      scatterUnits,
      freeSpin: free,
      freeSpinsAwarded: award,
      multiplier,
      units,
    });
  }
  return { spins, winUnits };
}

// ---------- The ways slot ----------

export type WaysWin = { symbol: number; reels: number; ways: number; units: number };
export type WaysSpin = {
  heights: number[];
  stops: number[];
  grid: number[][];
  ways: number;
  wins: WaysWin[];
  scatters: number;
  freeSpin: boolean;
  freeSpinsAwarded: number;
  multiplier: number;
  units: number;
};
export type WaysOutcome = { spins: WaysSpin[]; winUnits: number };

async function waysSpin(info: WaysInfo, rng: FairStream, free: boolean): Promise<WaysSpin> {
  const { fair } = info;
  const reels = free ? fair.freeReels : fair.baseReels;
  const multiplier = free ? info.freeSpinMultiplier : 1;
  const heights: number[] = [];
  const stops: number[] = [];
  const grid: number[][] = [];
  for (const strip of reels) {
    let at = await rng.below(fair.heightTotal);
    let rows = fair.heights[fair.heights.length - 1].rows;
    for (const h of fair.heights) {
      if (at < h.weight) {
        rows = h.rows;
        break;
      }
      at -= h.weight;
    }
    const stop = await rng.below(strip.length);
    heights.push(rows);
    stops.push(stop);
    grid.push(Array.from({ length: rows }, (_, i) => strip[(stop + i) % strip.length]));
  }
  const wins: WaysWin[] = [];
  for (const sym of info.symbols) {
    if (sym.kind !== 'regular') continue;
    let ways = 1;
    let count = 0;
    for (const reel of grid) {
      const n = reel.filter((x) => x === sym.id || x === info.wild).length;
      if (n === 0) break;
      ways *= n;
      count++;
    }
    const pay = sym.pays[count] ?? 0;
    if (pay > 0) wins.push({ symbol: sym.id, reels: count, ways, units: pay * ways * multiplier });
  }
  const scatters = grid.flat().filter((x) => x === info.scatter).length;
  return {
    heights,
    stops,
    grid,
    ways: heights.reduce((a, b) => a * b, 1),
    wins,
    scatters,
    freeSpin: free,
    freeSpinsAwarded: free ? 0 : (info.freeSpins[Math.min(6, scatters)] ?? 0),
    multiplier,
    units: wins.reduce((a, w) => a + w.units, 0),
  };
}

/**
 * The ways slot's round: for each reel its height (`below(heightTotal)` counted through the
 * weights) then its stop; then the free spins the base spin awards (no retrigger).
 */
export async function waysRound(info: WaysInfo, rng: FairStream): Promise<WaysOutcome> {
  const base = await waysSpin(info, rng, false);
  const spins = [base];
  for (let i = 0; i < base.freeSpinsAwarded; i++) spins.push(await waysSpin(info, rng, true));
  return { spins, winUnits: spins.reduce((a, s) => a + s.units, 0) };
}

// ---------- Jackpots ----------

export type JackpotDraw = {
  name: string;
  levels: { level: string; number: string; odds: number }[];
  won: string | null;
};

/** Whether number `r` of a level with `odds` hits for a bet (kuruş): ⌊r × odds / 2^64⌋ < bet. */
export function jackpotHits(r: bigint, odds: number, bet: bigint): boolean {
  return (r * BigInt(odds)) >> 64n < bet;
}

/**
 * The jackpots' draw after a slot's round (the same stream, on from where the round left it): for
 * each jackpot four 64-bit numbers, levels I to IV; with a bet, the highest level it hits.
 */
export async function jackpotDraws(
  jackpots: Jackpot[],
  rng: FairStream,
  bet: bigint | null,
): Promise<JackpotDraw[]> {
  const out: JackpotDraw[] = [];
  for (const j of jackpots) {
    const levels: JackpotDraw['levels'] = [];
    let won: string | null = null;
    for (const l of j.levels) {
      const r = await rng.next64();
      levels.push({ level: l.level, number: r.toString(), odds: l.odds });
      if (bet !== null && jackpotHits(r, l.odds, bet)) won = l.level;
    }
    out.push({ name: j.name, levels, won });
  }
  return out;
}

// ---------- Table games ----------

export type TableDraw =
  | { game: 'roulette'; number: number }
  | { game: 'keno'; drawn: number[] }
  | { game: 'wheel'; segment: number; mark: number }
  | { game: 'baccarat'; player: number[]; banker: number[] };

/** A baccarat hand's total: ace 1, two to nine their face, tens and faces 0; the last digit. */
export function baccaratTotal(cards: number[]): number {
  return cards.reduce((sum, c) => sum + (c % 13 < 9 ? (c % 13) + 1 : 0), 0) % 10;
}

/** Whether the banker draws on his two-card total, the player's third card's value (null: stood). */
function bankerDraws(banker: number, third: number | null): boolean {
  if (third === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return third !== 8;
  if (banker === 4) return third >= 2 && third <= 7;
  if (banker === 5) return third >= 4 && third <= 7;
  if (banker === 6) return third === 6 || third === 7;
  return false;
}

/** Punto banco from a fresh shoe: each card `below(cards left)` counted through the shoe. */
async function baccarat(decks: number, rng: FairStream): Promise<TableDraw> {
  const left = new Array<number>(52).fill(decks);
  let remaining = 52 * decks;
  const next = async () => {
    let at = await rng.below(remaining);
    remaining--;
    for (let card = 0; card < 52; card++) {
      if (at < left[card]) {
        left[card]--;
        return card;
      }
      at -= left[card];
    }
    throw new Error('the draw is below the cards left');
  };
  const [p1, b1, p2, b2] = [await next(), await next(), await next(), await next()];
  const player = [p1, p2];
  const banker = [b1, b2];
  const pt = baccaratTotal(player);
  const bt = baccaratTotal(banker);
  if (pt < 8 && bt < 8) {
    let third: number | null = null;
    if (pt <= 5) {
      const c = await next();
      player.push(c);
      third = baccaratTotal([c]);
    }
    if (bankerDraws(bt, third)) banker.push(await next());
  }
  return { game: 'baccarat', player, banker };
}

/** A table game's draw: roulette's number, keno's twenty, the wheel's segment, baccarat's hands. */
export async function tableDraw(
  kind: 'roulette' | 'keno' | 'wheel' | 'baccarat',
  info: TableInfo,
  rng: FairStream,
): Promise<TableDraw> {
  const { pockets, drawn } = info.fair;
  switch (kind) {
    case 'roulette':
      return { game: 'roulette', number: await rng.below(pockets) };
    case 'wheel': {
      const segment = await rng.below(pockets);
      return { game: 'wheel', segment, mark: info.wheel[segment] };
    }
    case 'keno': {
      // A partial Fisher–Yates shuffle of 1..=pockets: draw i takes below(pockets − i).
      const pool = Array.from({ length: pockets }, (_, i) => i + 1);
      for (let i = 0; i < drawn; i++) {
        const j = i + (await rng.below(pockets - i));
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      return { game: 'keno', drawn: pool.slice(0, drawn) };
    }
    case 'baccarat':
      return baccarat(info.fair.decks, rng);
  }
}

// ---------- Blackjack ----------

export type BlackjackShoe = { game: 'blackjack'; cards: number[] };

/** Blackjack's round: its cards, each `below(52)`, in dealing order. */
export async function blackjackShoe(info: BlackjackInfo, rng: FairStream): Promise<BlackjackShoe> {
  const cards: number[] = [];
  for (let i = 0; i < info.fair.cards; i++) cards.push(await rng.below(52));
  return { game: 'blackjack', cards };
}

// ---------- The crash game ----------

export type CrashRound = { point: number; previousHash: string };

/** Whether a text is a round hash: 64 hex characters. */
export function isHash(text: string): boolean {
  return /^[0-9a-f]{64}$/i.test(text.trim());
}

/**
 * A crash round from its hash: `h` = the first `bits` bits of HMAC-SHA256(key = the hash's hex,
 * message = hmacMessage); the point (hundredths) is ⌊numerator × 2^bits / (2^bits − h)⌋, at least
 * 100 and at most the game's maximum; SHA-256 of the hash's bytes is the previous round's hash.
 */
export async function crashRound(info: CrashInfo, hash: string): Promise<CrashRound> {
  const hex = hash.trim().toLowerCase();
  const key = await hmacKey(encoder.encode(hex));
  const mac = new DataView(await subtle().sign('HMAC', key, encoder.encode(info.fair.hmacMessage)));
  const bits = BigInt(info.fair.bits);
  const h = mac.getBigUint64(0) >> (64n - bits);
  const e = 1n << bits;
  const raw = (BigInt(info.fair.numerator) * e) / (e - h);
  const max = BigInt(Math.round(info.maxMultiplier * 100));
  const point = raw < 100n ? 100n : raw > max ? max : raw;
  const previousHash = toHex(await subtle().digest('SHA-256', hexBytes(hex)));
  return { point: Number(point), previousHash };
}

// ---------- A whole round ----------

export type SeedInput = {
  serverSeed: string;
  clientSeed: string;
  /** Decimal digits. */
  nonce: string;
  /** Slots: the total bet in kuruş, to tell the jackpot level won; null without. */
  bet: bigint | null;
};

export type Recomputed =
  | { kind: 'slot'; outcome: SlotOutcome; jackpots: JackpotDraw[] }
  | { kind: 'ways'; outcome: WaysOutcome; jackpots: JackpotDraw[] }
  | { kind: 'roulette' | 'keno' | 'wheel' | 'baccarat'; outcome: TableDraw }
  | { kind: 'blackjack'; outcome: BlackjackShoe };

/** Any seeded game's round (not the crash game's, which is played from a hash). */
export async function recompute(
  game: Exclude<PublishedGame, { kind: 'crash' }>,
  jackpots: Jackpot[],
  input: SeedInput,
): Promise<Recomputed> {
  const rng = await FairStream.create(input.serverSeed, input.clientSeed, input.nonce);
  switch (game.kind) {
    case 'slot': {
      const outcome = await slotRound(game.info, rng);
      return { kind: 'slot', outcome, jackpots: await jackpotDraws(jackpots, rng, input.bet) };
    }
    case 'ways': {
      const outcome = await waysRound(game.info, rng);
      return { kind: 'ways', outcome, jackpots: await jackpotDraws(jackpots, rng, input.bet) };
    }
    case 'blackjack':
      return { kind: 'blackjack', outcome: await blackjackShoe(game.info, rng) };
    default:
      return { kind: game.kind, outcome: await tableDraw(game.kind, game.info, rng) };
  }
}
