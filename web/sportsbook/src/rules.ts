/**
 * The book's rules where they bite (issue 30): the stake limits, the maximum payout and the live
 * delays of GET /api/sportsbook/rules, checked on the slip as server/src/sports/betting/place.rs
 * checks a slip, so the slip says what the server would refuse before Place Bet is pressed.
 */
import type { BookRules, LiveDelay } from './api';
import type { BetKind, SlipLeg } from './slip';
import { comboPrice, expand, hundredths, pay } from './slip';

/** The limits of a view, in kuruş. */
export interface Limits {
  /** The least stake of a bet (each of a slip's singles, each combo of a system). */
  minStake: number;
  /** The most stake of one bet: a single's, or a combo's or system's in all. */
  maxStake: number;
  /** The most one bet can return. */
  maxPayout: number;
}

/** The rules' limits in kuruş; a High Rate view has its own stake limit. */
export function limitsOf(rules: BookRules, highRate: boolean): Limits {
  return {
    minStake: hundredths(rules.minStake),
    maxStake: hundredths(highRate ? rules.maxStakeHighRate : rules.maxStake),
    maxPayout: hundredths(rules.maxPayout),
  };
}

/** What the limits refuse of a slip. */
export interface Breach {
  /** The stake below the least, or a bet's stake above the most. */
  stake: 'low' | 'high' | null;
  /** A bet would return more than the most. */
  payout: boolean;
}

/**
 * What the limits refuse of `stakeEach` kuruş on the slip: singles are a bet each, a combo or
 * system one bet of all its combos (its stake the stake times the combos). A slip the server
 * refuses for itself (two legs of one event in a combo...) is checked for its stake only.
 */
export function breachOf(
  kind: BetKind,
  legs: SlipLeg[],
  stakeEach: number,
  limits: Limits,
): Breach {
  const low = stakeEach < limits.minStake;
  const combos = expand(kind, legs);
  if (typeof combos === 'string') return { stake: low ? 'low' : null, payout: false };
  const bets = kind.kind === 'single' ? combos.map((c) => [c]) : [combos];
  let high = false;
  let payout = false;
  for (const bet of bets) {
    if (stakeEach * bet.length > limits.maxStake) high = true;
    const potential = bet.reduce((sum, c) => sum + pay(stakeEach, comboPrice(legs, c)), 0);
    if (potential > limits.maxPayout) payout = true;
  }
  return { stake: low ? 'low' : high ? 'high' : null, payout };
}

/** A leg as the live delay sees it: whether its event is in play, and its sport when known. */
export interface LiveLeg {
  live: boolean;
  sport: string | null;
}

/**
 * The seconds a slip's live bet waits before the book takes it: the longest delay among its live
 * legs' sports (a sport the rules do not name counts as the longest of all); null when no leg is
 * live.
 */
export function liveDelayOf(legs: LiveLeg[], delays: LiveDelay[]): number | null {
  const live = legs.filter((l) => l.live);
  if (live.length === 0 || delays.length === 0) return null;
  const longest = Math.max(...delays.map((d) => d.seconds));
  return Math.max(...live.map((l) => delays.find((d) => d.sport === l.sport)?.seconds ?? longest));
}
