/**
 * The roulette table's geometry, pure. The numbers sit in 12 columns of 3 (column c holds
 * 3c+1 at the bottom, 3c+2 in the middle, 3c+3 on top, as on a real table seen from the player);
 * zero to the left. A click on a number cell at (fx, fy) — fractions of the cell from its left and
 * top, in that horizontal layout — makes a straight in the middle, a split on an edge, a corner
 * at an intersection; the bottom edge of the bottom row makes a street and its intersections a
 * line; the edges next to zero make the zero splits, streets (0-1-2, 0-2-3) and 0-1-2-3.
 */
import type { Spot } from './bets';

/** Row 0 is the top row (3, 6, … 36), 2 the bottom row (1, 4, … 34). */
export function numberAt(col: number, row: number): number {
  return col * 3 + (3 - row);
}

export function cellOf(n: number): { col: number; row: number } {
  return { col: Math.floor((n - 1) / 3), row: 2 - ((n - 1) % 3) };
}

const sorted = (numbers: number[]): number[] => [...numbers].sort((a, b) => a - b);

/** Which part of a cell a fraction falls in: -1 the low edge, 1 the high edge, 0 the middle. */
function zone(f: number, edge: number): -1 | 0 | 1 {
  if (f < edge) return -1;
  if (f > 1 - edge) return 1;
  return 0;
}

/**
 * The bet a click on number `n`'s cell makes at (fx, fy); `edge` is the width of the edge zones
 * (0 for straights only).
 */
export function spotAt(n: number, fx: number, fy: number, edge = 0.25): Spot {
  if (n === 0) return { kind: 'straight', numbers: [0] };
  const { col, row } = cellOf(n);
  const x = zone(fx, edge);
  const y = zone(fy, edge);
  // Towards the top the number grows by 1 (row - 1), towards the right by 3 (col + 1).
  const up = row > 0 ? n + 1 : null;
  const down = row < 2 ? n - 1 : null;
  const left = col > 0 ? n - 3 : 0;
  const right = col < 11 ? n + 3 : null;
  const straight: Spot = { kind: 'straight', numbers: [n] };

  if (x === 0 && y === 0) return straight;
  if (y === 0) {
    const other = x < 0 ? left : right;
    return other === null ? straight : { kind: 'split', numbers: sorted([n, other]) };
  }
  // The bottom edge of the bottom row: streets and lines.
  const bottomRow = row === 2 && y > 0;
  if (x === 0) {
    if (bottomRow) return { kind: 'street', numbers: [n, n + 1, n + 2] };
    const other = y < 0 ? up : down;
    return other === null ? straight : { kind: 'split', numbers: sorted([n, other]) };
  }
  // An intersection.
  if (bottomRow) {
    if (x < 0 && col === 0) return { kind: 'corner', numbers: [0, 1, 2, 3] };
    const first = x < 0 ? n - 3 : n;
    if (first < 1 || first > 31) return { kind: 'street', numbers: [n, n + 1, n + 2] };
    return { kind: 'line', numbers: [0, 1, 2, 3, 4, 5].map((i) => first + i) };
  }
  const vertical = y < 0 ? up : down;
  if (vertical === null) {
    // The top edge of the top row: a split with the side neighbour.
    const other = x < 0 ? left : right;
    return other === null ? straight : { kind: 'split', numbers: sorted([n, other]) };
  }
  if (x < 0 && col === 0) {
    // Beside zero: 0 with the two numbers of this edge.
    return { kind: 'street', numbers: sorted([0, n, vertical]) };
  }
  const side = x < 0 ? left : right;
  if (side === null) return { kind: 'split', numbers: sorted([n, vertical]) };
  const sideVertical = side + (vertical - n);
  return { kind: 'corner', numbers: sorted([n, vertical, side, sideVertical]) };
}

/** Where a spot's chip sits: on number `cell`'s cell at (fx, fy) of the horizontal layout. */
export interface Anchor {
  cell: number;
  fx: number;
  fy: number;
}

/** The chip's place for an inside bet (null for the outside bets, drawn on their own boxes). */
export function anchorOf(spot: Spot): Anchor | null {
  const n = sorted(spot.numbers);
  switch (spot.kind) {
    case 'straight':
      return { cell: n[0], fx: 0.5, fy: 0.5 };
    case 'split':
      if (n[0] === 0) return { cell: n[1], fx: 0, fy: 0.5 };
      if (n[1] === n[0] + 3) return { cell: n[0], fx: 1, fy: 0.5 };
      return { cell: n[0], fx: 0.5, fy: 0 };
    case 'street':
      if (n[0] === 0) return { cell: n[1], fx: 0, fy: 0 };
      return { cell: n[0], fx: 0.5, fy: 1 };
    case 'corner':
      if (n[0] === 0) return { cell: 1, fx: 0, fy: 1 };
      return { cell: n[0], fx: 1, fy: 0 };
    case 'line':
      return { cell: n[0], fx: 1, fy: 1 };
    default:
      return null;
  }
}

/**
 * The numbers a bet covers, or null when it is not a bet of the table: the server's rules
 * (server/src/studio/engine/roulette.rs, `covered`), so the client never sends a refused bet.
 */
export function covered(kind: string, numbers: number[], red: number[]): number[] | null {
  const n = sorted(numbers);
  const all = (f: (x: number) => boolean) =>
    numbers.length === 0 ? Array.from({ length: 36 }, (_, i) => i + 1).filter((x) => f(x)) : null;
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  let valid: boolean;
  switch (kind) {
    case 'straight':
      valid = n.length === 1 && n[0] >= 0 && n[0] <= 36;
      break;
    case 'split':
      valid =
        n.length === 2 &&
        n[1] <= 36 &&
        n[0] !== n[1] &&
        ((n[0] === 0 && n[1] <= 3) ||
          (n[0] >= 1 && (n[1] === n[0] + 3 || (n[1] === n[0] + 1 && n[0] % 3 !== 0))));
      break;
    case 'street':
      valid =
        n.length === 3 &&
        (same(n, [0, 1, 2]) ||
          same(n, [0, 2, 3]) ||
          (n[0] % 3 === 1 && n[0] <= 34 && same(n, [n[0], n[0] + 1, n[0] + 2])));
      break;
    case 'corner':
      valid =
        n.length === 4 &&
        (same(n, [0, 1, 2, 3]) ||
          (n[0] >= 1 &&
            n[0] % 3 !== 0 &&
            n[0] <= 32 &&
            same(n, [n[0], n[0] + 1, n[0] + 3, n[0] + 4])));
      break;
    case 'line':
      valid = n.length === 6 && n[0] % 3 === 1 && n[0] <= 31 && n.every((x, i) => x === n[0] + i);
      break;
    case 'dozen': {
      const d = numbers[0];
      if (numbers.length !== 1 || d < 1 || d > 3) return null;
      return Array.from({ length: 12 }, (_, i) => (d - 1) * 12 + 1 + i);
    }
    case 'column': {
      const c = numbers[0];
      if (numbers.length !== 1 || c < 1 || c > 3) return null;
      return Array.from({ length: 12 }, (_, i) => c + 3 * i);
    }
    case 'red':
      return all((x) => red.includes(x));
    case 'black':
      return all((x) => !red.includes(x));
    case 'odd':
      return all((x) => x % 2 === 1);
    case 'even':
      return all((x) => x % 2 === 0);
    case 'low':
      return all((x) => x <= 18);
    case 'high':
      return all((x) => x >= 19);
    default:
      return null;
  }
  return valid ? n : null;
}

/** What a stake returns when `number` comes: stake × 36 / covered (the stake included), else 0. */
export function returns(spot: Spot, amount: number, number: number, red: number[]): number {
  const cov = covered(spot.kind, spot.numbers, red);
  if (!cov || !cov.includes(number)) return 0;
  return (amount * 36) / cov.length;
}

/** The pocket's colour. */
export function colourOf(n: number, red: number[]): 'green' | 'red' | 'black' {
  if (n === 0) return 'green';
  return red.includes(n) ? 'red' : 'black';
}

/** The outside bets, in the table's order. */
export const OUTSIDE: Spot[] = [
  { kind: 'low', numbers: [] },
  { kind: 'even', numbers: [] },
  { kind: 'red', numbers: [] },
  { kind: 'black', numbers: [] },
  { kind: 'odd', numbers: [] },
  { kind: 'high', numbers: [] },
];
