import { describe, expect, it } from 'vitest';
import { BetBoard, checkLimits, spotKey, totalOf } from './bets';
import { KENO_NUMBERS, kenoReturn, payRows, quickPick, togglePick } from './keno-logic';
import { anchorOf, cellOf, colourOf, covered, numberAt, returns, spotAt } from './roulette-logic';
import { easeOut, landingRotation, pocketAt } from './wheel-logic';

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

describe('roulette table geometry', () => {
  it('lays the numbers out in 12 columns of 3, 3 on top', () => {
    expect(numberAt(0, 0)).toBe(3);
    expect(numberAt(0, 2)).toBe(1);
    expect(numberAt(11, 0)).toBe(36);
    for (let n = 1; n <= 36; n++) {
      const { col, row } = cellOf(n);
      expect(numberAt(col, row)).toBe(n);
    }
  });

  it('makes a straight in the middle of a cell and on zero', () => {
    expect(spotAt(17, 0.5, 0.5)).toEqual({ kind: 'straight', numbers: [17] });
    expect(spotAt(0, 0.05, 0.05)).toEqual({ kind: 'straight', numbers: [0] });
    // Edges off (phones): always the straight.
    expect(spotAt(17, 0.02, 0.98, 0)).toEqual({ kind: 'straight', numbers: [17] });
  });

  it('makes splits on the edges, corners at the intersections, streets and lines at the bottom', () => {
    expect(spotAt(17, 0.05, 0.5)).toEqual({ kind: 'split', numbers: [14, 17] });
    expect(spotAt(17, 0.95, 0.5)).toEqual({ kind: 'split', numbers: [17, 20] });
    expect(spotAt(17, 0.5, 0.05)).toEqual({ kind: 'split', numbers: [17, 18] });
    expect(spotAt(17, 0.5, 0.95)).toEqual({ kind: 'split', numbers: [16, 17] });
    expect(spotAt(17, 0.95, 0.05)).toEqual({ kind: 'corner', numbers: [17, 18, 20, 21] });
    expect(spotAt(17, 0.05, 0.95)).toEqual({ kind: 'corner', numbers: [13, 14, 16, 17] });
    expect(spotAt(16, 0.5, 0.95)).toEqual({ kind: 'street', numbers: [16, 17, 18] });
    expect(spotAt(16, 0.95, 0.95)).toEqual({ kind: 'line', numbers: [16, 17, 18, 19, 20, 21] });
    expect(spotAt(16, 0.05, 0.95)).toEqual({ kind: 'line', numbers: [13, 14, 15, 16, 17, 18] });
    expect(spotAt(34, 0.95, 0.95)).toEqual({ kind: 'street', numbers: [34, 35, 36] });
    // Next to zero.
    expect(spotAt(2, 0.05, 0.5)).toEqual({ kind: 'split', numbers: [0, 2] });
    expect(spotAt(2, 0.05, 0.05)).toEqual({ kind: 'street', numbers: [0, 2, 3] });
    expect(spotAt(2, 0.05, 0.95)).toEqual({ kind: 'street', numbers: [0, 1, 2] });
    expect(spotAt(1, 0.05, 0.95)).toEqual({ kind: 'corner', numbers: [0, 1, 2, 3] });
    // The top edge of the top row and the far right: splits only.
    expect(spotAt(36, 0.95, 0.05)).toEqual({ kind: 'straight', numbers: [36] });
    expect(spotAt(33, 0.95, 0.05)).toEqual({ kind: 'split', numbers: [33, 36] });
    expect(spotAt(35, 0.95, 0.05)).toEqual({ kind: 'split', numbers: [35, 36] });
  });

  it('only ever makes bets the server takes, and every inside bet of the table', () => {
    const found = new Map<string, Set<string>>();
    const fs = [0.02, 0.5, 0.98];
    for (let n = 0; n <= 36; n++)
      for (const fx of fs)
        for (const fy of fs) {
          const spot = spotAt(n, fx, fy);
          expect(covered(spot.kind, spot.numbers, RED), `${n} ${fx} ${fy}`).not.toBeNull();
          expect(spot.numbers).toEqual([...spot.numbers].sort((a, b) => a - b));
          if (!found.has(spot.kind)) found.set(spot.kind, new Set());
          found.get(spot.kind)!.add(spotKey(spot));
        }
    // The server's counts (roulette.rs): 37 straights, 60 splits, 14 streets, 23 corners, 11 lines.
    expect(found.get('straight')!.size).toBe(37);
    expect(found.get('split')!.size).toBe(60);
    expect(found.get('street')!.size).toBe(14);
    expect(found.get('corner')!.size).toBe(23);
    expect(found.get('line')!.size).toBe(11);
  });

  it('anchors each inside bet where a click that makes it lands', () => {
    for (let n = 0; n <= 36; n++)
      for (const fx of [0.02, 0.5, 0.98])
        for (const fy of [0.02, 0.5, 0.98]) {
          const spot = spotAt(n, fx, fy);
          const a = anchorOf(spot)!;
          expect(
            spotAt(
              a.cell,
              Math.min(0.99, Math.max(0.01, a.fx)),
              Math.min(0.99, Math.max(0.01, a.fy)),
            ),
          ).toEqual(spot);
        }
    expect(anchorOf({ kind: 'red', numbers: [] })).toBeNull();
  });

  it('refuses what the server refuses', () => {
    expect(covered('split', [3, 4], RED)).toBeNull();
    expect(covered('split', [5, 5], RED)).toBeNull();
    expect(covered('street', [2, 3, 4], RED)).toBeNull();
    expect(covered('corner', [3, 4, 6, 7], RED)).toBeNull();
    expect(covered('straight', [37], RED)).toBeNull();
    expect(covered('red', [1], RED)).toBeNull();
    expect(covered('dozen', [4], RED)).toBeNull();
    expect(covered('split', [20, 17], RED)).toEqual([17, 20]);
    expect(covered('column', [1], RED)).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(covered('dozen', [2], RED)).toEqual(Array.from({ length: 12 }, (_, i) => 13 + i));
    expect(covered('black', [], RED)!.length).toBe(18);
  });

  it('pays stake × 36 / n, and every bet returns 36/37', () => {
    expect(returns({ kind: 'straight', numbers: [17] }, 100, 17, RED)).toBe(3600);
    expect(returns({ kind: 'corner', numbers: [17, 18, 20, 21] }, 100, 21, RED)).toBe(900);
    expect(returns({ kind: 'red', numbers: [] }, 100, 0, RED)).toBe(0);
    for (const spot of [
      { kind: 'split', numbers: [0, 1] },
      { kind: 'line', numbers: [1, 2, 3, 4, 5, 6] },
      { kind: 'column', numbers: [3] },
      { kind: 'high', numbers: [] },
    ]) {
      let sum = 0;
      for (let n = 0; n <= 36; n++) sum += returns(spot, 100, n, RED);
      expect(sum).toBe(3600);
    }
    expect(colourOf(0, RED)).toBe('green');
    expect(colourOf(1, RED)).toBe('red');
    expect(colourOf(2, RED)).toBe('black');
  });
});

describe('stakes and limits', () => {
  const limits = { maxStakes: 3, maxStake: 1000, maxTotal: 2000 };

  it('adds chips to spots, one stake per spot, within the limits', () => {
    const board = new BetBoard(limits);
    const seven = { kind: 'straight', numbers: [7] };
    expect(board.add(seven, 500)).toBeNull();
    expect(board.add(seven, 500)).toBeNull();
    expect(board.amountOn(seven)).toBe(1000);
    expect(board.add(seven, 100)).toBe('maxStake');
    expect(board.add({ kind: 'red', numbers: [] }, 1000)).toBeNull();
    expect(board.total).toBe(2000);
    expect(board.add({ kind: 'odd', numbers: [] }, 100)).toBe('maxTotal');
    expect(board.list()).toHaveLength(2);
    expect(board.double()).toBe('maxStake');
    board.undo();
    expect(board.total).toBe(1000);
    board.undo();
    board.undo();
    expect(board.empty).toBe(true);
  });

  it('counts the stakes, doubles, clears, and rebets the last round', () => {
    const board = new BetBoard(limits);
    for (const n of [1, 2, 3])
      expect(board.add({ kind: 'straight', numbers: [n] }, 100)).toBeNull();
    expect(board.add({ kind: 'straight', numbers: [4] }, 100)).toBe('maxStakes');
    expect(board.double()).toBeNull();
    expect(board.total).toBe(600);
    board.played();
    expect(board.canUndo).toBe(false);
    board.reset();
    expect(board.canRebet).toBe(true);
    expect(board.rebet()).toBeNull();
    expect(board.total).toBe(600);
    board.clear();
    expect(board.empty).toBe(true);
    board.undo();
    expect(board.total).toBe(600);
  });

  it('totals and checks any stakes', () => {
    const stakes = [
      { kind: 'mark', numbers: [2], amount: 500 },
      { kind: 'mark', numbers: [24], amount: 1000 },
    ];
    expect(totalOf(stakes)).toBe(1500);
    expect(checkLimits(stakes, limits)).toBeNull();
    expect(checkLimits(stakes, { ...limits, maxTotal: 1000 })).toBe('maxTotal');
    expect(checkLimits(stakes, { ...limits, maxStakes: 1 })).toBe('maxStakes');
  });
});

describe('keno picks', () => {
  it('toggles picks, at most 10, sorted', () => {
    let picks: number[] = [];
    for (const n of [5, 80, 1, 33, 12, 45, 67, 2, 3, 4]) picks = togglePick(picks, n);
    expect(picks).toEqual([1, 2, 3, 4, 5, 12, 33, 45, 67, 80]);
    expect(togglePick(picks, 9)).toBe(picks);
    expect(togglePick(picks, 33)).not.toContain(33);
    expect(togglePick([], 0)).toEqual([]);
    expect(togglePick([], KENO_NUMBERS + 1)).toEqual([]);
  });

  it('quick picks distinct numbers of 1–80', () => {
    for (let i = 0; i < 50; i++) {
      const picks = quickPick(10);
      expect(new Set(picks).size).toBe(10);
      expect(picks.every((p) => p >= 1 && p <= 80)).toBe(true);
    }
    expect(quickPick(3, () => 0)).toEqual([1, 2, 3]);
    expect(quickPick(0)).toHaveLength(1);
    expect(quickPick(99)).toHaveLength(10);
  });

  it('shows the paytable of the pick count and pays by hits', () => {
    const pays = [[0], [0, 380], [0, 100, 950]];
    expect(payRows(pays, 2)).toEqual([
      { hits: 2, times: 9.5 },
      { hits: 1, times: 1 },
    ]);
    expect(payRows(pays, 5)).toEqual([]);
    expect(kenoReturn(pays, [7, 9], [9, 1, 2], 200)).toEqual({ hits: 1, win: 200 });
    expect(kenoReturn(pays, [7], [9], 200)).toEqual({ hits: 0, win: 0 });
  });
});

describe('wheels', () => {
  it('lands on the asked pocket after at least the asked turns', () => {
    for (const count of [37, 50]) {
      for (let index = 0; index < count; index++) {
        const from = (index * 97) % 1000;
        const to = landingRotation(from, index, count, 4, 0.3);
        expect(to).toBeGreaterThanOrEqual(from + 4 * 360);
        expect(to).toBeLessThan(from + 5 * 360);
        expect(pocketAt(to, count)).toBe(index);
      }
    }
    expect(pocketAt(0, 50)).toBe(0);
    expect(pocketAt(-7.2, 50)).toBe(1);
  });

  it('finds the roulette pocket of a number in wheel order', () => {
    const index = WHEEL.indexOf(17);
    expect(pocketAt(landingRotation(0, index, 37), 37)).toBe(index);
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(0.5)).toBeGreaterThan(0.5);
  });
});
