/**
 * The stakes of a table round before it is played, pure: chips added to bet spots (one stake per
 * spot), undo, clear, rebet and double, all within the table's limits (each stake at most
 * maxStake, the total at most maxTotal, at most maxStakes stakes).
 */
import type { Stake } from './types';

export interface Limits {
  maxStakes: number;
  maxStake: number;
  maxTotal: number;
}

/** A bet spot: the stake's kind and numbers (sorted for the inside bets). */
export interface Spot {
  kind: string;
  numbers: number[];
}

export type Refusal = 'maxStake' | 'maxTotal' | 'maxStakes';

export function spotKey(spot: Spot): string {
  return `${spot.kind}:${spot.numbers.join('-')}`;
}

/** The sum of stakes in kurus. */
export function totalOf(stakes: { amount: number }[]): number {
  return stakes.reduce((sum, s) => sum + s.amount, 0);
}

/** Why these stakes break the limits, or null when they are within them. */
export function checkLimits(stakes: Stake[], limits: Limits): Refusal | null {
  if (stakes.length > limits.maxStakes) return 'maxStakes';
  if (stakes.some((s) => s.amount > limits.maxStake)) return 'maxStake';
  if (totalOf(stakes) > limits.maxTotal) return 'maxTotal';
  return null;
}

export class BetBoard {
  private stakes = new Map<string, Stake>();
  /** Each action's previous stakes, for undo. */
  private history: Stake[][] = [];
  /** The stakes of the last round played, for rebet. */
  private last: Stake[] = [];

  constructor(private readonly limits: Limits) {}

  list(): Stake[] {
    return [...this.stakes.values()].map((s) => ({ ...s, numbers: [...s.numbers] }));
  }

  get total(): number {
    return totalOf(this.list());
  }

  get empty(): boolean {
    return this.stakes.size === 0;
  }

  amountOn(spot: Spot): number {
    return this.stakes.get(spotKey(spot))?.amount ?? 0;
  }

  get canUndo(): boolean {
    return this.history.length > 0;
  }

  get canRebet(): boolean {
    return this.stakes.size === 0 && this.last.length > 0;
  }

  /** Adds a chip to a spot; the refusal when that would break a limit (nothing changes then). */
  add(spot: Spot, amount: number): Refusal | null {
    const next = new Map(this.stakes);
    const key = spotKey(spot);
    const had = next.get(key);
    next.set(key, {
      kind: spot.kind,
      numbers: [...spot.numbers],
      amount: (had?.amount ?? 0) + amount,
    });
    return this.commit(next);
  }

  /** Every stake doubled (as one action). */
  double(): Refusal | null {
    if (this.stakes.size === 0) return null;
    const next = new Map<string, Stake>();
    for (const [k, s] of this.stakes) next.set(k, { ...s, amount: s.amount * 2 });
    return this.commit(next);
  }

  /** The last round's stakes again (as one action). */
  rebet(): Refusal | null {
    if (!this.canRebet) return null;
    const next = new Map<string, Stake>();
    for (const s of this.last) next.set(spotKey(s), { ...s, numbers: [...s.numbers] });
    return this.commit(next);
  }

  undo(): void {
    const prev = this.history.pop();
    if (!prev) return;
    this.stakes = new Map(prev.map((s) => [spotKey(s), s]));
  }

  clear(): void {
    if (this.stakes.size === 0) return;
    this.history.push(this.list());
    this.stakes.clear();
  }

  /** The stakes to send are played: remembered for rebet; the board stays as it is. */
  played(): void {
    this.last = this.list();
    this.history = [];
  }

  /** The board emptied after a round (its stakes kept for rebet). */
  reset(): void {
    this.stakes.clear();
    this.history = [];
  }

  private commit(next: Map<string, Stake>): Refusal | null {
    const refusal = checkLimits([...next.values()], this.limits);
    if (refusal) return refusal;
    this.history.push(this.list());
    this.stakes = next;
    return null;
  }
}
