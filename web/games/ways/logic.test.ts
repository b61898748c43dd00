import { describe, expect, it } from 'vitest';
import { artFor, themeOf } from '../slots/art/sprite';
import { formatLira } from '../kit/format';
import { anticipation } from '../slots/motion';
import { fixtureInfo, scoreScreen } from './fixture';
import { waysDict } from './i18n';
import {
  formatWays,
  litCells,
  offsetAt,
  payPerWayLira,
  payingReels,
  presentWays,
  reelLayout,
  reelList,
  startGrid,
  stripOffsets,
  unitsToExactKurus,
  unitsToKurusFloor,
  waysCount,
  winCells,
  winWays,
} from './logic';
import type { WaysOutcome, WaysSpin } from './types';

const info = fixtureInfo;
const W = info.wild; // 0
const S = info.scatter; // 1
const CHIMNEY = 2;
const HORSE = 3;
const J = 9;

/** A screen: reels of the given columns (row 0 at the top). */
const spin = (grid: number[][], over: Partial<WaysSpin> = {}): WaysSpin => ({
  heights: grid.map((c) => c.length),
  stops: grid.map(() => 0),
  grid,
  ways: waysCount(grid.map((c) => c.length)),
  wins: [],
  scatters: 0,
  freeSpin: false,
  freeSpinsAwarded: 0,
  multiplier: 1,
  units: 0,
  ...over,
});

describe('ways count', () => {
  it('is the product of the reel heights', () => {
    expect(waysCount([7, 7, 7, 7, 7, 7])).toBe(117649);
    expect(waysCount([2, 2, 2, 2, 2, 2])).toBe(64);
    expect(waysCount([3, 5, 7, 4, 6, 2])).toBe(5040);
    expect(waysCount([])).toBe(1);
  });

  it('is written as each language groups numbers', () => {
    expect(formatWays(117649, 'tr')).toBe('117.649');
    expect(formatWays(117649, 'en')).toBe('117,649');
    expect(formatWays(64, 'tr')).toBe('64');
    expect(`${formatWays(117649, 'tr')} ${waysDict('tr').waysTag}`).toBe('117.649 YOL');
    expect(`${formatWays(117649, 'en')} ${waysDict('en').waysTag}`).toBe('117,649 WAYS');
  });
});

describe('the cells a win lights', () => {
  const grid = [
    [CHIMNEY, J, CHIMNEY],
    [W, HORSE],
    [J, CHIMNEY, HORSE, CHIMNEY],
    [HORSE, HORSE],
    [CHIMNEY, CHIMNEY, J, J, J],
    [J, J],
  ];

  it('lights every cell of the symbol or the wild on the winning reels', () => {
    expect(winCells(grid, CHIMNEY, 3, W)).toEqual([
      [0, 0],
      [0, 2],
      [1, 0],
      [2, 1],
      [2, 3],
    ]);
    // Not the chimneys on reel 5, past the win's three reels.
    expect(winCells(grid, CHIMNEY, 3, W).some(([r]) => r === 4)).toBe(false);
  });

  it('counts the ways as the product of those counts', () => {
    expect(winWays(grid, CHIMNEY, 3, W)).toBe(2 * 1 * 2);
    expect(winWays(grid, HORSE, 4, W)).toBe(0); // no horse on reel 1
    expect(winWays(grid, J, 3, W)).toBe(1 * 1 * 1);
    expect(winWays(grid, J, 3, null)).toBe(0);
  });

  it('agrees with the rules the fixture scores by', () => {
    const scored = scoreScreen(grid, false);
    const chimney = scored.wins.find((w) => w.symbol === CHIMNEY);
    expect(chimney).toMatchObject({ reels: 3, ways: 4 });
    expect(winWays(grid, CHIMNEY, chimney!.reels, W)).toBe(chimney!.ways);
    // The lit cells' counts per reel multiply to the win's ways.
    const cells = winCells(grid, CHIMNEY, chimney!.reels, W);
    const perReel = [0, 1, 2].map((r) => cells.filter(([reel]) => reel === r).length);
    expect(perReel.reduce((a, n) => a * n, 1)).toBe(chimney!.ways);
    expect(scored.ways).toBe(3 * 2 * 4 * 2 * 5 * 2);
  });

  it('lights each cell once when wins share the wild, with the awarding scatters', () => {
    const cells = litCells({
      wins: [
        { symbol: 2, reels: 3, ways: 1, units: 1, amount: 1, cells: [[1, 0]] },
        {
          symbol: 3,
          reels: 3,
          ways: 1,
          units: 1,
          amount: 1,
          cells: [
            [1, 0],
            [2, 2],
          ],
        },
      ],
      scatter: [[5, 1]],
    });
    expect(cells).toEqual([
      [1, 0],
      [2, 2],
      [5, 1],
    ]);
  });
});

describe('money', () => {
  it('turns units into kurus for a bet', () => {
    // 100 units are the whole bet.
    expect(unitsToExactKurus(100, 250, 100)).toBe(250);
    expect(unitsToExactKurus(3, 20, 100)).toBeCloseTo(0.6);
    expect(unitsToKurusFloor(3, 20, 100)).toBe(0);
    expect(unitsToKurusFloor(12345, 100, 100)).toBe(12345);
    expect(unitsToKurusFloor(7, 1000, 100)).toBe(70);
    // A float product just under a whole kurus is still that kurus.
    expect(unitsToKurusFloor(29, 1000, 100)).toBe(290);
  });

  it('shows a pay per way in lira at the current bet, below a kurus too', () => {
    const chimney = info.symbols[CHIMNEY];
    expect(payPerWayLira(chimney, 6, 100, 100)).toBe(5);
    expect(payPerWayLira(chimney, 3, 200, 100)).toBe(1);
    expect(payPerWayLira(info.symbols[J], 3, 100, 100)).toBe(0.05);
    // Two units at a 20 kurus bet: 0.4 kurus a way.
    const low = { ...info.symbols[J], pays: [0, 0, 0, 2, 4, 8, 16] };
    expect(payPerWayLira(low, 3, 20, 100)).toBeCloseTo(0.004);
    expect(formatLira(0.004, 'tr', 4)).toBe('0,004 ₺');
    expect(formatLira(0.2, 'tr', 4)).toBe('0,20 ₺');
    expect(formatLira(2.5, 'en', 4)).toBe('₺2.50');
    // The default stays two decimals.
    expect(formatLira(0.004, 'tr')).toBe('0,00 ₺');
  });

  it('lists the paying reel counts, most first', () => {
    expect(payingReels(info.symbols[CHIMNEY], 6)).toEqual([6, 5, 4, 3]);
    expect(payingReels(info.symbols[W], 6)).toEqual([]);
  });
});

describe('reel layout', () => {
  it('splits a reel of height h into h equal cells from the top', () => {
    expect(reelLayout(2)).toEqual({ size: 50, tops: [0, 50] });
    const seven = reelLayout(7);
    expect(seven.tops).toHaveLength(7);
    expect(seven.size).toBeCloseTo(100 / 7);
    expect(seven.tops[6] + seven.size).toBeCloseTo(100);
  });

  it('places a strip of mixed cell sizes', () => {
    // Two cells of a 2-high reel, then three of a 3-high reel (in reel heights).
    const offsets = stripOffsets([0.5, 0.5, 1 / 3, 1 / 3, 1 / 3]);
    expect(offsets[2]).toBe(1);
    expect(offsets[5]).toBeCloseTo(2);
    expect(offsetAt(offsets, 1.5)).toBeCloseTo(0.75);
    expect(offsetAt(offsets, 3.5)).toBeCloseTo(1 + 0.5);
    expect(offsetAt(offsets, 5)).toBeCloseTo(2);
    expect(offsetAt(offsets, -0.5)).toBeCloseTo(-0.25);
  });

  it('starts on a full screen of regular symbols', () => {
    const grid = startGrid(info);
    expect(grid).toHaveLength(6);
    expect(grid.every((c) => c.length === 7)).toBe(true);
    expect(grid.flat().some((id) => id === W || id === S)).toBe(false);
  });

  it('holds the last reels back once three scatters have landed', () => {
    const grid = [[S], [S, 5], [4], [S], [5], [6]];
    expect(anticipation(grid, S, 100, 3)).toEqual([0, 0, 0, 0, 100, 200]);
    // The line slot's default is unchanged.
    expect(anticipation(grid, S, 100)).toEqual([0, 0, 100, 200, 300, 400]);
  });
});

describe('round presentation', () => {
  it('presents a base spin with its wins in kurus', () => {
    const grid = [
      [CHIMNEY, J],
      [W, J],
      [CHIMNEY, HORSE, CHIMNEY],
      [J, J],
      [J, J],
      [J, J],
    ];
    const outcome: WaysOutcome = {
      spins: [
        spin(grid, {
          wins: [{ symbol: CHIMNEY, reels: 3, ways: 2, units: 40 }],
          units: 40,
        }),
      ],
      winUnits: 40,
    };
    const round = presentWays(outcome, info, 200);
    expect(round.total).toBe(80);
    expect(round.freeSpins).toBe(0);
    const [step] = round.steps;
    expect(step.ways).toBe(2 * 2 * 3 * 2 * 2 * 2);
    expect(step.wins[0].amount).toBe(80);
    expect(step.wins[0].cells).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 2],
    ]);
    expect(step.scatter).toBeNull();
    expect(step.runningTotal).toBe(80);
  });

  it('plays free spins out with the spins left and the multiplier', () => {
    const scatters = [
      [S, 4],
      [S, 4],
      [5, 6],
      [S, 4],
      [S, 5],
      [6, 7],
    ];
    const plain = [
      [4, 5],
      [6, 7],
      [8, 9],
      [4, 5],
      [6, 7],
      [8, 9],
    ];
    const outcome: WaysOutcome = {
      spins: [
        spin(scatters, { scatters: 4, freeSpinsAwarded: 3 }),
        spin(plain, {
          freeSpin: true,
          multiplier: 2,
          wins: [{ symbol: 4, reels: 3, ways: 1, units: 20 }],
          units: 20,
        }),
        spin(plain, { freeSpin: true, multiplier: 2 }),
        spin(plain, { freeSpin: true, multiplier: 2, units: 50 }),
      ],
      winUnits: 70,
    };
    const round = presentWays(outcome, info, 100);
    expect(round.total).toBe(70);
    expect(round.freeSpins).toBe(3);
    const [base, f1, f2, f3] = round.steps;
    expect(base.awarded).toBe(3);
    expect(base.scatter).toHaveLength(4);
    expect([f1.freeSpinNumber, f1.freeSpinsTotal, f1.freeSpinsLeft]).toEqual([1, 3, 2]);
    expect([f2.freeSpinNumber, f2.freeSpinsLeft]).toEqual([2, 1]);
    expect([f3.freeSpinNumber, f3.freeSpinsLeft]).toEqual([3, 0]);
    expect(f1.multiplier).toBe(2);
    expect(round.steps.map((s) => s.runningTotal)).toEqual([0, 20, 20, 70]);
  });
});

describe('rules text and art', () => {
  it('names the wild reels as a run', () => {
    expect(reelList([1, 2, 3, 4])).toBe('2–5');
    expect(reelList([0, 2, 5])).toBe('1, 3, 6');
    expect(reelList([1, 2])).toBe('2, 3');
  });

  it('has the same keys in both languages', () => {
    expect(Object.keys(waysDict('en')).sort()).toEqual(Object.keys(waysDict('tr')).sort());
  });

  it('draws the Cappadocia theme', () => {
    expect(themeOf('cappadocia', 'kasa-cappadocia-ways')).toBe('cappadocia');
    expect(themeOf('', 'kasa-kapadokya')).toBe('cappadocia');
    const labels = { wild: 'JOKER', scatter: 'BONUS' };
    const art = (key: string) =>
      artFor({ ...info.symbols[CHIMNEY], key, name: { tr: key, en: key } }, 'cappadocia', labels);
    expect(artFor(info.symbols[W], 'cappadocia', labels)).toContain('JOKER');
    expect(artFor(info.symbols[S], 'cappadocia', labels)).toContain('BONUS');
    for (const key of ['chimney', 'horse', 'pottery', 'carpet']) {
      expect(art(key)).not.toContain('</text>');
      expect(art(key)).not.toBe(art('j'));
    }
    expect(art('a')).toContain('>A</text>');
    expect(art('j')).toContain('>J</text>');
  });
});
