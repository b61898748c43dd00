/**
 * Kasa Aviator's pure logic: the multiplier curve, the crash point of a round hash (provably fair),
 * the clock offset to the server, the bets' amounts and targets, and each bet panel's state machine.
 * No DOM here, so all of it runs in the unit tests.
 */
import type { Lang } from '../kit/i18n';
import type { MyBet, Phase } from './types';

/** The ticks' interval on the feed (ms). */
export const TICK_MS = 100;

/** Multiplier `ms` after the start: floor(100 × e^(growth × ms)) / 100, never below 1.00. */
export function multiplierAt(ms: number, growth: number): number {
  if (!(ms > 0)) return 1;
  return Math.max(100, Math.floor(100 * Math.exp(growth * ms))) / 100;
}

/** Hundredths of a multiplier (2.41 → 241), exactly. */
export function hundredths(x: number): number {
  return Math.round(x * 100);
}

/** The first whole millisecond at which the multiplier shown reaches `target` (x). */
export function timeFor(target: number, growth: number): number {
  const goal = hundredths(target);
  if (goal <= 100) return 0;
  const reached = (ms: number) => hundredths(multiplierAt(ms, growth)) >= goal;
  let ms = Math.ceil(Math.log(goal / 100) / growth);
  while (!reached(ms)) ms++;
  while (ms > 0 && reached(ms - 1)) ms--;
  return ms;
}

/** A bet's win at a cash-out multiplier: floor(amount × multiplier), kurus. */
export function winOf(amount: number, multiplier: number): number {
  return Math.floor((amount * hundredths(multiplier)) / 100);
}

// ---------- Provably fair ----------

const TWO_52 = 2n ** 52n;

/**
 * The crash point of `h`, the first 52 bits of the round's HMAC: max(1.00, floor(97 × 2^52 /
 * (2^52 − h)) / 100), capped at `max` (x). Integer arithmetic (97 × 2^52 is beyond a double's
 * exact integers).
 */
export function crashPointFromBits(h: bigint, max = 10000): number {
  if (h < 0n || h >= TWO_52) throw new RangeError('h must be 52 bits');
  const hundredthsOf = (97n * TWO_52) / (TWO_52 - h);
  const capped = hundredthsOf > BigInt(max * 100) ? BigInt(max * 100) : hundredthsOf;
  return Math.max(100, Number(capped)) / 100;
}

/** The first 52 bits of a hex digest. */
export function first52Bits(hex: string): bigint {
  return BigInt(`0x${hex.slice(0, 13)}`);
}

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** HMAC-SHA256(key, message) as hex with Web Crypto (null where crypto.subtle is missing). */
export async function hmacSha256Hex(key: string, message: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const enc = new TextEncoder();
  const k = await subtle.importKey(
    'raw',
    enc.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await subtle.sign('HMAC', k, enc.encode(message)));
}

/** The game's HMAC message. */
export const FAIR_MESSAGE = 'kasa-aviator';

/** A round hash's crash point, computed in the browser (null without Web Crypto). */
export async function crashPointOf(hash: string, max = 10000): Promise<number | null> {
  const mac = await hmacSha256Hex(hash.trim().toLowerCase(), FAIR_MESSAGE);
  return mac === null ? null : crashPointFromBits(first52Bits(mac), max);
}

/** The bytes of a hex text. */
export function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/**
 * One step along the hash chain: SHA-256 of the hash's 32 bytes (not of its hex text), as hex:
 * the previous round's hash (null without Web Crypto).
 */
export async function previousHash(hash: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  return toHex(await subtle.digest('SHA-256', hexBytes(hash.trim().toLowerCase())));
}

/** Whether a text is a SHA-256 hex digest. */
export function isHash(text: string): boolean {
  return /^[0-9a-f]{64}$/i.test(text.trim());
}

// ---------- Clock ----------

/**
 * The offset of the server's clock to this one (server − local, ms). Every server time seen
 * (`serverTime`, a tick's scheduled `at`) was read before the message left, so `server − local at
 * arrival` is at most the true offset (short by the message's travel); the largest of the recent
 * samples is the best estimate. Samples older than `maxAgeMs` are forgotten (a clock that jumped).
 */
export class Clock {
  private samples: { offset: number; local: number }[] = [];

  constructor(
    private readonly size = 32,
    private readonly maxAgeMs = 60_000,
  ) {}

  sample(serverTime: number, localTime: number): void {
    if (!Number.isFinite(serverTime)) return;
    this.samples.push({ offset: serverTime - localTime, local: localTime });
    this.samples = this.samples.filter((s) => localTime - s.local <= this.maxAgeMs);
    if (this.samples.length > this.size) this.samples.splice(0, this.samples.length - this.size);
  }

  get known(): boolean {
    return this.samples.length > 0;
  }

  get offset(): number {
    if (!this.samples.length) return 0;
    return Math.max(...this.samples.map((s) => s.offset));
  }

  /** The server's time now. */
  now(local = Date.now()): number {
    return local + this.offset;
  }
}

/** Whole seconds left until `startAt` (server time), never below 0. */
export function secondsLeft(startAt: number, serverNow: number): number {
  return Math.max(0, Math.ceil((startAt - serverNow) / 1000));
}

/**
 * The elapsed time to draw in a running round: a tick behind the server's clock, so the curve runs
 * smoothly between the last two ticks (never past the last one: the plane may already be gone).
 */
export function shownElapsed(
  serverNow: number,
  startAt: number,
  last: { elapsedMs: number } | null,
): number {
  const target = serverNow - startAt - TICK_MS;
  return Math.max(0, last ? Math.min(target, last.elapsedMs) : target);
}

// ---------- Amounts and targets ----------

/** The amounts (lira) the − and + buttons step through. */
export const STEPS_LIRA = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
/** The quick amounts (lira). */
export const QUICK_LIRA = [1, 5, 10, 50];

const clamp = (v: number, low: number, high: number) => Math.min(high, Math.max(low, v));

/** The next amount (kurus) up (+1) or down (−1) the steps, within the limits. */
export function stepAmount(amount: number, dir: 1 | -1, min: number, max: number): number {
  const steps = STEPS_LIRA.map((l) => l * 100).filter((s) => s >= min && s <= max);
  if (!steps.includes(min)) steps.unshift(min);
  if (!steps.includes(max)) steps.push(max);
  const next =
    dir > 0 ? steps.find((s) => s > amount) : [...steps].reverse().find((s) => s < amount);
  return clamp(next ?? amount, min, max);
}

/** Parses a decimal typed in the language ("1,50" or "1.234,50" in Turkish, "1,234.50" in English). */
export function parseDecimal(text: string, lang: Lang): number | null {
  let s = text.replace(/[\s₺x×]/gi, '');
  if (!s) return null;
  if (lang === 'tr') s = s.replace(/\./g, '').replace(',', '.');
  else s = s.replace(/,/g, '');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** An amount typed in lira as kurus (whole kurus only), or null. */
export function parseAmount(text: string, lang: Lang): number | null {
  const lira = parseDecimal(text, lang);
  if (lira === null) return null;
  const kurus = Math.round(lira * 100);
  return Math.abs(kurus - lira * 100) < 1e-6 ? kurus : null;
}

/** An auto cash-out target (x, two decimals, 1.01 to max), or null. */
export function parseTarget(text: string, lang: Lang, max = 10000): number | null {
  const x = parseDecimal(text, lang);
  if (x === null) return null;
  const h = Math.round(x * 100);
  if (Math.abs(h - x * 100) > 1e-6 || h < 101 || h > max * 100) return null;
  return h / 100;
}

/** A number with two decimals in the language (for inputs): `2,00` / `2.00`. */
export function twoDecimals(value: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value);
}

/** A multiplier as the game shows it: `2,41x` / `2.41x`. */
export function formatX(value: number, lang: Lang): string {
  const n = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return `${n}x`;
}

/** A limit multiplier, without decimals when whole: `10.000x` / `10,000x`. */
export function formatLimitX(value: number, lang: Lang): string {
  const n = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    maximumFractionDigits: 2,
  }).format(value);
  return `${n}x`;
}

/** A crash point's colour class in the history strip. */
export function tierOf(crashPoint: number): 'low' | 'mid' | 'high' {
  if (crashPoint < 2) return 'low';
  if (crashPoint < 10) return 'mid';
  return 'high';
}

// ---------- A bet panel's state machine ----------

export type PanelState =
  | { kind: 'idle' }
  | { kind: 'placing'; amount: number; auto: number | null }
  | { kind: 'placed'; roundId: number; amount: number; auto: number | null }
  | { kind: 'cashing'; roundId: number; amount: number; auto: number | null }
  | { kind: 'cashed'; roundId: number; amount: number; cashOut: number; win: number }
  | { kind: 'lost'; roundId: number; amount: number };

export type PanelEvent =
  /** The Bet button pressed. */
  | { type: 'bet'; amount: number; auto: number | null }
  | { type: 'betOk'; roundId: number; amount: number; auto: number | null }
  | { type: 'betFailed' }
  /** The Cash out button pressed. */
  | { type: 'cashout' }
  /** The server's answer, or its cash-out on the feed (an auto cash-out). */
  | { type: 'cashedOut'; roundId: number; cashOut: number; win: number }
  | { type: 'cashoutFailed' }
  | { type: 'crash'; roundId: number }
  /** A round's phase (on the feed or from the state call). */
  | { type: 'round'; roundId: number; phase: Phase }
  /** The player's bet of the current round, from the state call (after a reload or reconnect). */
  | { type: 'restore'; roundId: number; phase: Phase; bet: MyBet };

export const IDLE: PanelState = { kind: 'idle' };

export function panelReduce(state: PanelState, event: PanelEvent): PanelState {
  switch (event.type) {
    case 'bet':
      return state.kind === 'idle'
        ? { kind: 'placing', amount: event.amount, auto: event.auto }
        : state;
    case 'betOk':
      return state.kind === 'placing' || state.kind === 'idle'
        ? { kind: 'placed', roundId: event.roundId, amount: event.amount, auto: event.auto }
        : state;
    case 'betFailed':
      return state.kind === 'placing' ? IDLE : state;
    case 'cashout':
      return state.kind === 'placed' ? { ...state, kind: 'cashing' } : state;
    case 'cashedOut':
      return (state.kind === 'placed' || state.kind === 'cashing') &&
        state.roundId === event.roundId
        ? {
            kind: 'cashed',
            roundId: state.roundId,
            amount: state.amount,
            cashOut: event.cashOut,
            win: event.win,
          }
        : state;
    case 'cashoutFailed':
      return state.kind === 'cashing' ? { ...state, kind: 'placed' } : state;
    case 'crash':
      return (state.kind === 'placed' || state.kind === 'cashing') &&
        state.roundId === event.roundId
        ? { kind: 'lost', roundId: state.roundId, amount: state.amount }
        : state;
    case 'round': {
      if (state.kind === 'idle' || state.kind === 'placing') return state;
      if (state.roundId !== event.roundId) {
        // A new round: what was settled is done; a bet of an earlier round that never saw its
        // crash was lost with it.
        return event.roundId > state.roundId ? IDLE : state;
      }
      if (event.phase === 'crashed')
        return panelReduce(state, { type: 'crash', roundId: event.roundId });
      return state;
    }
    case 'restore': {
      const { bet, roundId, phase } = event;
      if (bet.cashOut !== null)
        return {
          kind: 'cashed',
          roundId,
          amount: bet.amount,
          cashOut: bet.cashOut,
          win: bet.win ?? 0,
        };
      if (phase === 'crashed') return { kind: 'lost', roundId, amount: bet.amount };
      return { kind: 'placed', roundId, amount: bet.amount, auto: bet.autoCashOut };
    }
  }
}

/**
 * What the main button does (issue 30: a bet can be placed during a flight for the next round):
 * a bet in the betting phase; during a flight or after a crash, a bet queued for the next round
 * (placed as its betting opens), which a second press takes back; a cash-out while flying with
 * a bet. None otherwise (a bet or a cash-out on its way).
 */
export function mainAction(
  kind: PanelState['kind'],
  phase: Phase,
  queued: boolean,
): 'bet' | 'queue' | 'unqueue' | 'cashout' | null {
  if (queued) return 'unqueue';
  if (kind === 'placed' && phase === 'running') return 'cashout';
  const free = kind === 'idle' || kind === 'cashed' || kind === 'lost';
  if (!free) return null;
  if (kind === 'idle' && phase === 'betting') return 'bet';
  return phase === 'betting' ? null : 'queue';
}
