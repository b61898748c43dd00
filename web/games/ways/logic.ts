/**
 * The ways slot's pure logic: the ways count of a screen, the cells a win lights, money of units,
 * the layout of a reel of any height, and a played round (WaysOutcome) turned into the steps the
 * screen plays out (the base spin, then each free spin).
 */
import type { Lang } from '../kit/i18n';
import { cellsOf } from '../slots/paylines';
import { freeSpinsOf, tallySpins } from '../slots/present';
import type { WaysInfo, WaysOutcome, WaysSymbol } from './types';

export type Cell = [number, number];

/** The ways of a screen: the product of the reels' heights. */
export function waysCount(heights: number[]): number {
  return heights.reduce((a, h) => a * h, 1);
}

/** A ways count grouped as the language writes it: `117.649` / `117,649`. */
export function formatWays(ways: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    maximumFractionDigits: 0,
  }).format(ways);
}

/** Whether a cell takes part in a win on `symbol`: the symbol itself or the wild. */
const counts = (cell: number, symbol: number, wild: number | null) =>
  cell === symbol || (wild !== null && cell === wild);

/**
 * The cells [reel, row] a win on `symbol` over `reels` reels from the left lights: every cell on
 * those reels showing the symbol or the wild.
 */
export function winCells(
  grid: number[][],
  symbol: number,
  reels: number,
  wild: number | null,
): Cell[] {
  const cells: Cell[] = [];
  grid.slice(0, reels).forEach((column, reel) =>
    column.forEach((s, row) => {
      if (counts(s, symbol, wild)) cells.push([reel, row]);
    }),
  );
  return cells;
}

/** The ways a win on `symbol` over `reels` reels pays: the product of its counts on those reels. */
export function winWays(
  grid: number[][],
  symbol: number,
  reels: number,
  wild: number | null,
): number {
  return grid
    .slice(0, reels)
    .reduce((a, column) => a * column.filter((s) => counts(s, symbol, wild)).length, 1);
}

/** Units to kurus, exactly (a fraction of a kurus where a pay per way is below one). */
export function unitsToExactKurus(units: number, bet: number, unitsPerBet: number): number {
  return unitsPerBet > 0 ? (units * bet) / unitsPerBet : 0;
}

/** Units to whole kurus, as the server pays them (bet × units / unitsPerBet, rounded down). */
export function unitsToKurusFloor(units: number, bet: number, unitsPerBet: number): number {
  return Math.floor(unitsToExactKurus(units, bet, unitsPerBet) + 1e-9);
}

/** A symbol's pay per way in lira at a total bet (kurus), for `reels` reels from the left. */
export function payPerWayLira(
  symbol: WaysSymbol,
  reels: number,
  bet: number,
  unitsPerBet: number,
): number {
  return unitsToExactKurus(symbol.pays[reels] ?? 0, bet, unitsPerBet) / 100;
}

/** The paytable's lines of a symbol: the reel counts that pay, most first (6, 5, 4, 3). */
export function payingReels(symbol: WaysSymbol, reels: number): number[] {
  const out: number[] = [];
  for (let n = reels; n >= 1; n--) if ((symbol.pays[n] ?? 0) > 0) out.push(n);
  return out;
}

/** The layout of a reel of `height` cells, in percent of the reel: each cell's size and top. */
export function reelLayout(height: number): { size: number; tops: number[] } {
  const size = 100 / height;
  return { size, tops: Array.from({ length: height }, (_, row) => row * size) };
}

/** The top of each cell on a strip of cells of the given sizes (and the strip's end). */
export function stripOffsets(sizes: number[]): number[] {
  const out = [0];
  for (const s of sizes) out.push(out[out.length - 1] + s);
  return out;
}

/** The offset of a fractional cell index `k` on a strip (`offsets` from stripOffsets). */
export function offsetAt(offsets: number[], k: number): number {
  const last = offsets.length - 1;
  if (k <= 0) return offsets[0] + k * (offsets[1] - offsets[0]);
  if (k >= last) return offsets[last] + (k - last) * (offsets[last] - offsets[last - 1]);
  const i = Math.floor(k);
  return offsets[i] + (k - i) * (offsets[i + 1] - offsets[i]);
}

export interface WinPresentation {
  symbol: number;
  reels: number;
  ways: number;
  units: number;
  cells: Cell[];
  /** Kurus, exact (may hold a fraction of a kurus). */
  amount: number;
}

export interface WaysStep {
  /** 0 for the base spin, then 1, 2, … for the free spins. */
  index: number;
  heights: number[];
  grid: number[][];
  ways: number;
  freeSpin: boolean;
  /** For a free spin: its number (1-based), the free spins of the round and those left after it. */
  freeSpinNumber: number;
  freeSpinsTotal: number;
  freeSpinsLeft: number;
  multiplier: number;
  wins: WinPresentation[];
  /** The scatters, when they award free spins. */
  scatter: Cell[] | null;
  awarded: number;
  /** This spin's win and the round's total so far, in whole kurus. */
  amount: number;
  runningTotal: number;
}

export interface WaysRound {
  steps: WaysStep[];
  /** Kurus. */
  total: number;
  freeSpins: number;
}

export function presentWays(outcome: WaysOutcome, info: WaysInfo, bet: number): WaysRound {
  const per = info.unitsPerBet;
  const steps = tallySpins(
    outcome.spins,
    (spin) => unitsToKurusFloor(spin.units, bet, per),
    (spin, tally): WaysStep => {
      const heights = spin.heights?.length ? spin.heights : spin.grid.map((c) => c.length);
      const scatter = spin.freeSpinsAwarded > 0 ? cellsOf(spin.grid, info.scatter) : [];
      return {
        ...tally,
        heights,
        grid: spin.grid,
        ways: spin.ways || waysCount(heights),
        freeSpin: spin.freeSpin,
        freeSpinsLeft: spin.freeSpin ? Math.max(0, tally.freeSpinsTotal - tally.freeSpinNumber) : 0,
        multiplier: spin.multiplier || 1,
        wins: spin.wins.map((w) => ({
          ...w,
          cells: winCells(spin.grid, w.symbol, w.reels, info.wild),
          amount: unitsToExactKurus(w.units, bet, per),
        })),
        scatter: scatter.length > 0 ? scatter : null,
        awarded: spin.freeSpinsAwarded,
      };
    },
  );
  return {
    steps,
    total: unitsToKurusFloor(outcome.winUnits, bet, per),
    freeSpins: freeSpinsOf(outcome.spins),
  };
}

/** Every cell a step lights at once: all its wins' cells (each once) and its awarding scatters. */
export function litCells(step: Pick<WaysStep, 'wins' | 'scatter'>): Cell[] {
  const seen = new Set<string>();
  const out: Cell[] = [];
  for (const cell of [...step.wins.flatMap((w) => w.cells), ...(step.scatter ?? [])]) {
    const key = `${cell[0]}:${cell[1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(cell);
  }
  return out;
}

/**
 * A pleasant first screen before any spin: every reel at its tallest, the regular symbols in a
 * staggered pattern (no wild or scatter).
 */
export function startGrid(info: WaysInfo): number[][] {
  const regular = info.symbols.filter((s) => s.kind === 'regular').map((s) => s.id);
  const ids = regular.length > 0 ? regular : info.symbols.map((s) => s.id);
  const n = ids.length;
  // No symbol beside itself across or down a reel (with eight symbols).
  return Array.from({ length: info.reels }, (_, r) =>
    Array.from({ length: info.maxRows }, (_, i) => ids[(r * 3 + i * 5 + ((r * i) % 3)) % n]),
  );
}

/** 0-based reels as the rules name them: a run as `2–5`, others listed (`1, 3, 6`). */
export function reelList(reels: number[]): string {
  const sorted = [...new Set(reels)].sort((a, b) => a - b).map((r) => r + 1);
  if (sorted.length === 0) return '';
  const run = sorted.every((r, i) => i === 0 || r === sorted[i - 1] + 1);
  if (run && sorted.length > 2) return `${sorted[0]}–${sorted[sorted.length - 1]}`;
  return sorted.join(', ');
}
