import { describe, expect, it } from 'vitest';
import { artFor, normalKey, themeOf } from './art/sprite';
import { formatKurus, formatLira, formatRtp, formatRtpWithJackpot, shortHash } from '../kit/format';
import { dict, langFrom } from '../kit/i18n';
import {
  BOUNCE,
  RAMP_MS,
  SPEED,
  anticipation,
  brakeDuration,
  brakePosition,
  runDistance,
  wrap,
} from './motion';
import { cellCenter, cellsOf, paylinePoints, pointsAttr, winCells } from './paylines';
import { canonicalJson } from '../kit/panels';
import { nearestLevel, presentRound, unitsToKurus, winTier } from './present';
import type { Outcome, SlotInfo, Spin } from './types';

const info: SlotInfo = {
  code: 'kasa-sultan-gold',
  name: { tr: "Sultan'ın Altını", en: "Sultan's Gold" },
  description: { tr: '', en: '' },
  theme: 'sultan',
  reels: 5,
  rows: 3,
  lines: 10,
  paylines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
  ],
  symbols: [
    {
      id: 0,
      key: 'tulip',
      name: { tr: 'Lale', en: 'Tulip' },
      kind: 'regular',
      pays: [0, 0, 0, 5, 10, 50],
    },
    {
      id: 1,
      key: 'wild',
      name: { tr: 'Joker', en: 'Wild' },
      kind: 'wild',
      pays: [0, 0, 0, 10, 50, 200],
    },
    {
      id: 2,
      key: 'scatter',
      name: { tr: 'Saray', en: 'Palace' },
      kind: 'scatter',
      pays: [0, 0, 0, 0, 0, 0],
    },
  ],
  wild: 1,
  scatter: 2,
  scatterPays: [0, 0, 0, 2, 10, 50],
  freeSpins: [0, 0, 0, 10, 15, 20],
  freeSpinMultiplier: 3,
  maxFreeSpins: 50,
  baseReels: [],
  freeReels: [],
  betLevels: [10, 20, 50, 100, 1000],
  rtp: 0.9612,
};

const grid = (fill = 0) => Array.from({ length: 5 }, () => [fill, fill, fill]);
const spin = (over: Partial<Spin>): Spin => ({
  stops: [0, 0, 0, 0, 0],
  grid: grid(),
  lineWins: [],
  scatterUnits: 0,
  freeSpin: false,
  freeSpinsAwarded: 0,
  multiplier: 1,
  units: 0,
  ...over,
});

describe('formatting', () => {
  it('formats lira in the Turkish and English way', () => {
    expect(formatLira(1234.5, 'tr')).toBe('1.234,50 ₺');
    expect(formatLira(1234.5, 'en')).toBe('₺1,234.50');
    expect(formatKurus(123450, 'tr')).toBe('1.234,50 ₺');
    expect(formatKurus(5, 'en')).toBe('₺0.05');
  });

  it('formats the RTP as the info panel shows it', () => {
    expect(formatRtp(0.9612, 'tr')).toBe('RTP %96,12');
    expect(formatRtp(0.9612, 'en')).toBe('RTP 96.12%');
    expect(formatRtpWithJackpot(0.96, 0.01, 'en')).toBe('RTP 96.00% + 1.00% jackpot');
    expect(formatRtpWithJackpot(0.96, 0.01, 'tr')).toBe('RTP %96,00 + %1,00 jackpot');
    expect(formatRtpWithJackpot(0.96, undefined, 'en')).toBe('RTP 96.00%');
  });

  it('shortens long hashes only', () => {
    expect(shortHash('abc')).toBe('abc');
    expect(shortHash('0123456789abcdef0123456789', 4)).toBe('0123…6789');
  });
});

describe('language', () => {
  it('is Turkish unless the page asks for English', () => {
    expect(langFrom('?token=x')).toBe('tr');
    expect(langFrom('?lang=tr')).toBe('tr');
    expect(langFrom('?token=x&lang=en')).toBe('en');
    expect(langFrom('?lang=EN-GB')).toBe('en');
    expect(langFrom('?lang=de')).toBe('tr');
  });

  it('names the spin button per language', () => {
    expect(dict('tr').spin).toBe('Çevir');
    expect(dict('en').spin).toBe('Spin');
    expect(dict('tr').notEnough).toBe('Yetersiz bakiye');
    expect(dict('en').notEnough).toBe('Not enough balance');
  });

  it('has the same keys in both languages', () => {
    expect(Object.keys(dict('en')).sort()).toEqual(Object.keys(dict('tr')).sort());
  });
});

describe('payline geometry', () => {
  it('puts cell centres on a 100-unit grid', () => {
    expect(cellCenter(0, 0)).toEqual({ x: 50, y: 50 });
    expect(cellCenter(4, 2)).toEqual({ x: 450, y: 250 });
  });

  it('draws a line from edge to edge through every reel', () => {
    const points = paylinePoints([0, 1, 2, 1, 0]);
    expect(points).toHaveLength(7);
    expect(points[0]).toEqual({ x: 0, y: 50 });
    expect(points[3]).toEqual({ x: 250, y: 250 });
    expect(points[6]).toEqual({ x: 500, y: 50 });
    expect(pointsAttr(points.slice(0, 2))).toBe('0,50 50,50');
    expect(paylinePoints([])).toEqual([]);
  });

  it('finds the cells of a win and of a symbol', () => {
    expect(winCells([0, 1, 2, 1, 0], 3)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    const g = grid();
    g[1][2] = 2;
    g[3][0] = 2;
    expect(cellsOf(g, 2)).toEqual([
      [1, 2],
      [3, 0],
    ]);
  });
});

describe('round presentation', () => {
  it('converts line-bet units to kurus exactly', () => {
    expect(unitsToKurus(25, 100, 10)).toBe(250);
    expect(unitsToKurus(3, 10, 10)).toBe(3);
  });

  it('presents a base spin with line wins', () => {
    const outcome: Outcome = {
      spins: [spin({ lineWins: [{ line: 3, symbol: 0, count: 3, units: 5 }], units: 5 })],
      winUnits: 5,
    };
    const round = presentRound(outcome, info, 100);
    expect(round.total).toBe(50);
    expect(round.freeSpins).toBe(0);
    expect(round.spins).toHaveLength(1);
    const [s] = round.spins;
    expect(s.lines[0]).toMatchObject({ line: 3, count: 3, amount: 50 });
    expect(s.lines[0].cells).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(s.scatter).toBeNull();
    expect(s.runningTotal).toBe(50);
  });

  it('plays free spins out one after another with their numbers and retriggers', () => {
    const scatterGrid = grid();
    scatterGrid[0][0] = 2;
    scatterGrid[2][1] = 2;
    scatterGrid[4][2] = 2;
    const outcome: Outcome = {
      spins: [
        spin({ grid: scatterGrid, scatterUnits: 20, freeSpinsAwarded: 2, units: 20 }),
        spin({
          freeSpin: true,
          multiplier: 3,
          lineWins: [{ line: 0, symbol: 0, count: 3, units: 15 }],
          units: 15,
        }),
        spin({
          freeSpin: true,
          multiplier: 3,
          grid: scatterGrid,
          scatterUnits: 60,
          freeSpinsAwarded: 1,
          units: 60,
        }),
        spin({ freeSpin: true, multiplier: 3 }),
      ],
      winUnits: 95,
    };
    const round = presentRound(outcome, info, 100);
    expect(round.total).toBe(950);
    expect(round.freeSpins).toBe(3);
    const [base, f1, f2, f3] = round.spins;
    expect(base.awarded).toBe(2);
    expect(base.retrigger).toBe(false);
    expect(base.scatter?.cells).toHaveLength(3);
    expect(base.scatter?.amount).toBe(200);
    expect([f1.freeSpinNumber, f1.freeSpinsTotal]).toEqual([1, 2]);
    expect([f2.freeSpinNumber, f2.freeSpinsTotal]).toEqual([2, 2]);
    expect(f2.retrigger).toBe(true);
    expect([f3.freeSpinNumber, f3.freeSpinsTotal]).toEqual([3, 3]);
    expect(f3.multiplier).toBe(3);
    expect(round.spins.map((s) => s.runningTotal)).toEqual([200, 350, 950, 950]);
  });

  it('tiers wins by their multiple of the bet', () => {
    expect(winTier(0, 100)).toBe('none');
    expect(winTier(500, 100)).toBe('small');
    expect(winTier(1500, 100)).toBe('big');
    expect(winTier(5000, 100)).toBe('mega');
  });

  it('compares outcomes whatever the order of their keys', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(
      canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }),
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }));
  });

  it('finds the nearest bet level', () => {
    expect(nearestLevel([10, 20, 50, 100], 60)).toBe(2);
    expect(nearestLevel([10, 20, 50, 100], 1000)).toBe(3);
  });
});

describe('reel motion', () => {
  it('runs up to a steady speed', () => {
    expect(runDistance(0)).toBe(0);
    expect(runDistance(RAMP_MS / 2)).toBeLessThan((SPEED * RAMP_MS) / 2000);
    const a = runDistance(1000);
    const b = runDistance(2000);
    expect(b - a).toBeCloseTo(SPEED, 5);
  });

  it('brakes from the steady speed without a jerk and lands exactly', () => {
    const distance = 9.4;
    const ms = brakeDuration(distance);
    // The speed at the start of the brake equals the steady speed.
    const du = 0.001;
    const speed = ((brakePosition(du, distance) - brakePosition(0, distance)) / (du * ms)) * 1000;
    expect(speed).toBeCloseTo(SPEED, 0);
    expect(brakePosition(1, distance)).toBe(distance);
    let last = 0;
    for (let u = 0.01; u <= 0.7; u += 0.01) {
      const p = brakePosition(u, distance);
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
  });

  it('slips a little past the stop before settling', () => {
    const max = Math.max(...Array.from({ length: 99 }, (_, i) => brakePosition((i + 1) / 100, 8)));
    expect(max).toBeGreaterThan(8);
    expect(max).toBeLessThanOrEqual(8 + BOUNCE);
  });

  it('holds the later reels back once two scatters have landed', () => {
    const g = grid();
    expect(anticipation(g, 2, 500)).toEqual([0, 0, 0, 0, 0]);
    g[0][1] = 2;
    g[1][0] = 2;
    expect(anticipation(g, 2, 500)).toEqual([0, 0, 500, 1000, 1500]);
    expect(anticipation(g, null, 500)).toEqual([0, 0, 0, 0, 0]);
    const late = grid();
    late[0][0] = 2;
    late[3][2] = 2;
    expect(anticipation(late, 2, 500)).toEqual([0, 0, 0, 0, 500]);
  });

  it('wraps a running reel onto its repeating pattern', () => {
    expect(wrap(-0.5, 1, 10)).toBeCloseTo(9.5);
    expect(wrap(0.25, 1, 10)).toBeCloseTo(10.25);
    expect(wrap(5, 1, 10)).toBe(5);
  });
});

describe('art', () => {
  const labels = { wild: 'WILD', scatter: 'BONUS' };
  it('finds the theme of a slot', () => {
    expect(themeOf('sultan')).toBe('sultan');
    expect(themeOf('', 'kasa-bosphorus-nights')).toBe('bosphorus');
    expect(themeOf('anatolian-fruits')).toBe('fruits');
  });

  it('maps art keys to drawings, wild and scatter by kind, others to a letter', () => {
    expect(normalKey('Tea glass')).toBe('teaglass');
    const tulip = artFor(info.symbols[0], 'sultan', labels);
    expect(tulip).toContain('url(#g-red)');
    const wild = artFor({ ...info.symbols[1], key: 'joker' }, 'sultan', labels);
    expect(wild).toContain('WILD');
    const scatter = artFor({ ...info.symbols[2], key: 'kiosk' }, 'fruits', labels);
    expect(scatter).toContain('BONUS');
    const unknown = artFor(
      { ...info.symbols[0], key: 'zeppelin', name: { tr: 'Zeplin', en: 'Zeppelin' } },
      'fruits',
      labels,
    );
    expect(unknown).toContain('>Z</text>');
    expect(artFor({ ...info.symbols[0], key: 'K' }, 'fruits', labels)).toContain('>K</text>');
  });
});
