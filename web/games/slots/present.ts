/**
 * A played round (the engine's Outcome) turned into what the player sees, step by step: each spin
 * of the round in order (the base spin, then the free spins one after another), the payline and
 * scatter wins on it in lira, free spins awarded or won again, the running total and the total win.
 * Pure: the screen code plays these steps out. The count through a round's spins (tallySpins) and
 * the win tiers serve the ways slot too.
 */
import { cellsOf, winCells } from './paylines';
import type { Outcome, SlotInfo } from './types';

export interface LinePresentation {
  /** 0-based payline index. */
  line: number;
  symbol: number;
  count: number;
  cells: [number, number][];
  /** Kurus. */
  amount: number;
}

export interface SpinPresentation {
  /** 0 for the base spin, then 1, 2, … for the free spins. */
  index: number;
  grid: number[][];
  freeSpin: boolean;
  /** For a free spin: its number (1-based) and the free spins known so far (retriggers included). */
  freeSpinNumber: number;
  freeSpinsTotal: number;
  multiplier: number;
  lines: LinePresentation[];
  scatter: { cells: [number, number][]; amount: number } | null;
  /** Free spins this spin awards (and whether it is a retrigger during free spins). */
  awarded: number;
  retrigger: boolean;
  /** This spin's win and the round's total so far, in kurus. */
  amount: number;
  runningTotal: number;
}

export interface RoundPresentation {
  spins: SpinPresentation[];
  /** Kurus. */
  total: number;
  /** Total free spins played. */
  freeSpins: number;
  /** The total as a multiple of the bet. */
  times: number;
}

/** Line-bet units to kurus: exact, since a bet is a multiple of the line count. */
export function unitsToKurus(units: number, bet: number, lines: number): number {
  return Math.round((units * bet) / lines);
}

/** Where a spin stands in its round. */
export interface SpinTally {
  /** 0 for the base spin, then 1, 2, … for the free spins. */
  index: number;
  /** A free spin's number (1-based; 0 for the base spin). */
  freeSpinNumber: number;
  /** The free spins awarded before this spin (retriggers included). */
  freeSpinsTotal: number;
  /** This spin's win and the round's total so far, in kurus. */
  amount: number;
  runningTotal: number;
}

/**
 * A round's spins in order, each turned into a step by `step` with its tally: the free spins seen
 * and awarded so far, and its win (`amountOf`, in kurus) with the running total.
 */
export function tallySpins<S extends { freeSpin: boolean; freeSpinsAwarded: number }, T>(
  spins: S[],
  amountOf: (spin: S) => number,
  step: (spin: S, tally: SpinTally) => T,
): T[] {
  let running = 0;
  let freeSeen = 0;
  let freeKnown = 0;
  return spins.map((spin, index) => {
    if (spin.freeSpin) freeSeen += 1;
    const amount = amountOf(spin);
    running += amount;
    const out = step(spin, {
      index,
      freeSpinNumber: spin.freeSpin ? freeSeen : 0,
      freeSpinsTotal: freeKnown,
      amount,
      runningTotal: running,
    });
    freeKnown += spin.freeSpinsAwarded;
    return out;
  });
}

/** How many of a round's spins are free spins. */
export function freeSpinsOf(spins: { freeSpin: boolean }[]): number {
  return spins.filter((s) => s.freeSpin).length;
}

export function presentRound(outcome: Outcome, info: SlotInfo, bet: number): RoundPresentation {
  const lines = info.lines;
  const spins = tallySpins(
    outcome.spins,
    (spin) => unitsToKurus(spin.units, bet, lines),
    (spin, tally): SpinPresentation => {
      const scatterCells = info.scatter == null ? [] : cellsOf(spin.grid, info.scatter);
      const scatterShown = spin.scatterUnits > 0 || spin.freeSpinsAwarded > 0;
      return {
        ...tally,
        grid: spin.grid,
        freeSpin: spin.freeSpin,
        multiplier: spin.multiplier || 1,
        lines: spin.lineWins.map((w) => ({
          line: w.line,
          symbol: w.symbol,
          count: w.count,
          cells: winCells(info.paylines[w.line] ?? [], w.count),
          amount: unitsToKurus(w.units, bet, lines),
        })),
        scatter:
          scatterShown && scatterCells.length > 0
            ? { cells: scatterCells, amount: unitsToKurus(spin.scatterUnits, bet, lines) }
            : null,
        awarded: spin.freeSpinsAwarded,
        retrigger: spin.freeSpin && spin.freeSpinsAwarded > 0,
      };
    },
  );
  const total = unitsToKurus(outcome.winUnits, bet, lines);
  return { spins, total, freeSpins: freeSpinsOf(outcome.spins), times: bet > 0 ? total / bet : 0 };
}

/** How a total win is celebrated, by its multiple of the bet. */
export function winTier(total: number, bet: number): 'none' | 'small' | 'big' | 'mega' {
  if (total <= 0) return 'none';
  const times = total / bet;
  if (times >= 50) return 'mega';
  if (times >= 15) return 'big';
  return 'small';
}

/** The index of the bet level nearest to `bet` (the largest affordable one when `balance` given). */
export function nearestLevel(levels: number[], bet: number): number {
  let best = 0;
  levels.forEach((level, i) => {
    if (Math.abs(level - bet) < Math.abs(levels[best] - bet)) best = i;
  });
  return best;
}
