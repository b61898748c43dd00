/**
 * The bet slip's arithmetic, as the server computes it (server/src/sports/slip.rs): prices in
 * hundredths (2.15 is 215), money in kuruş. A combo's price is the exact product of its legs'
 * prices; only the money is rounded, once, to the nearest kuruş (halves up).
 */

export const MAX_LEGS = 12;

export interface SlipLeg {
  eventId: number;
  selectionId: number;
  /** Hundredths of the decimal price. */
  price: number;
}

export type Cover = 'trixie' | 'yankee' | 'canadian';

/** The bet kinds the slip offers: the server's `kind` (and `size` for a system). */
export type BetKind =
  { kind: 'single' } | { kind: 'combo' } | { kind: 'system'; size: number } | { kind: Cover };

export type SlipError =
  'empty' | 'legCount' | 'sameEvent' | 'sameSelection' | 'badSystem' | 'badPrice';

const COVER_LEGS: Record<Cover, number> = { trixie: 3, yankee: 4, canadian: 5 };

/** Every k-subset of 0..n, in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const current: number[] = [];
  const walk = (start: number) => {
    if (current.length === k) {
      out.push([...current]);
      return;
    }
    for (let i = start; i < n && n - i >= k - current.length; i++) {
      current.push(i);
      walk(i + 1);
      current.pop();
    }
  };
  if (k >= 0 && k <= n) walk(0);
  return out;
}

/** The combos (lists of leg indexes) a slip stands for, or why the server would refuse it. */
export function expand(kind: BetKind, legs: SlipLeg[]): number[][] | SlipError {
  if (legs.length === 0) return 'empty';
  if (legs.some((l) => l.price < 101)) return 'badPrice';
  if (legs.some((a, i) => legs.slice(0, i).some((b) => b.selectionId === a.selectionId))) {
    return 'sameSelection';
  }
  if (kind.kind === 'single') return legs.map((_, i) => [i]);
  if (legs.length < 2 || legs.length > MAX_LEGS) return 'legCount';
  if (legs.some((a, i) => legs.slice(0, i).some((b) => b.eventId === a.eventId))) {
    return 'sameEvent';
  }
  const n = legs.length;
  switch (kind.kind) {
    case 'combo':
      return [legs.map((_, i) => i)];
    case 'system':
      if (kind.size < 2 || kind.size >= n) return 'badSystem';
      return combinations(n, kind.size);
    default: {
      if (COVER_LEGS[kind.kind] !== n) return 'badSystem';
      const all: number[][] = [];
      for (let k = 2; k <= n; k++) all.push(...combinations(n, k));
      return all;
    }
  }
}

/** A combo's price, exact: the product of its legs' hundredths over 100 to the legs' count. */
export interface Price {
  num: bigint;
  legs: number;
}

/** The exact product of a combo's prices. */
export function comboPrice(legs: SlipLeg[], combo: number[]): Price {
  return combo.reduce<Price>((p, i) => ({ num: p.num * BigInt(legs[i].price), legs: p.legs + 1 }), {
    num: 1n,
    legs: 0,
  });
}

/** Stake (kuruş) times an exact price, rounded once to the nearest kuruş (halves up). */
export function pay(stake: number, price: Price): number {
  const den = 100n ** BigInt(price.legs);
  return Number((BigInt(stake) * price.num + den / 2n) / den);
}

/** An exact price shown in hundredths (rounded to the nearest): 1.38 × 2.27 × 3.26 shows 10.21. */
export function priceHundredths(price: Price): number {
  return pay(100, price);
}

/** Stake (kuruş) times a single price (hundredths), rounded to the nearest kuruş. */
export function payout(stake: number, price: number): number {
  return pay(stake, { num: BigInt(price), legs: 1 });
}

export interface SlipTotals {
  /** How many bets (combos) the stake is placed on. */
  bets: number;
  /** Kuruş: the stake times the bets. */
  totalStake: number;
  /** Kuruş, if every leg wins. */
  potential: number;
}

/** The total stake and potential return of `stakeEach` kuruş on each of the slip's combos. */
export function totals(kind: BetKind, legs: SlipLeg[], stakeEach: number): SlipTotals | SlipError {
  const combos = expand(kind, legs);
  if (typeof combos === 'string') return combos;
  const potential = combos.reduce((sum, c) => sum + pay(stakeEach, comboPrice(legs, c)), 0);
  return { bets: combos.length, totalStake: stakeEach * combos.length, potential };
}

/** The system bets a slip of `n` legs can make: every k/n for 2 ≤ k < n, and the full cover. */
export function systemKinds(n: number): BetKind[] {
  const out: BetKind[] = [];
  if (n < 3 || n > MAX_LEGS) return out;
  for (let size = 2; size < n; size++) out.push({ kind: 'system', size });
  if (n === 3) out.push({ kind: 'trixie' });
  if (n === 4) out.push({ kind: 'yankee' });
  if (n === 5) out.push({ kind: 'canadian' });
  return out;
}

/** Hundredths from a decimal price (2.15 → 215). */
export function hundredths(price: number): number {
  return Math.round(price * 100);
}

/**
 * Kuruş from what the player typed, in the language's number format (`1.234,56` in Turkish,
 * `1,234.56` in English); null when it is no amount.
 */
export function parseStake(text: string, lang: 'tr' | 'en'): number | null {
  let s = text.replace(/[\s₺]/g, '');
  if (!s) return null;
  if (lang === 'tr') {
    // A lone dot followed by one or two digits is a decimal point typed the English way.
    if (!s.includes(',') && /^\d+\.\d{1,2}$/.test(s)) s = s.replace('.', ',');
    s = s.replace(/\./g, '').replace(',', '.');
  } else {
    s = s.replace(/,/g, '');
  }
  if (!/^\d+(\.\d{0,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}
