import { describe, expect, it } from 'vitest';
import type { SlipLeg } from './slip';
import {
  combinations,
  comboPrice,
  expand,
  parseStake,
  payout,
  priceHundredths,
  systemKinds,
  totals,
} from './slip';

function legs(prices: number[]): SlipLeg[] {
  return prices.map((price, i) => ({ eventId: 100 + i, selectionId: 1000 + i, price }));
}

describe('the slip, as server/src/sports/slip.rs counts it', () => {
  it('expands systems and covers into their combos', () => {
    const three = legs([200, 150, 300]);
    expect(expand({ kind: 'system', size: 2 }, three)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(expand({ kind: 'system', size: 2 }, legs([200, 200, 200, 200]))).toHaveLength(6);
    expect(expand({ kind: 'system', size: 3 }, legs([200, 200, 200, 200]))).toHaveLength(4);
    expect(expand({ kind: 'trixie' }, three)).toHaveLength(4);
    expect(expand({ kind: 'yankee' }, legs([200, 200, 200, 200]))).toHaveLength(11);
    expect(expand({ kind: 'canadian' }, legs([200, 200, 200, 200, 200]))).toHaveLength(26);
    expect(expand({ kind: 'combo' }, three)).toEqual([[0, 1, 2]]);
    expect(expand({ kind: 'single' }, three)).toEqual([[0], [1], [2]]);
    expect(expand({ kind: 'system', size: 3 }, three)).toBe('badSystem');
    expect(expand({ kind: 'yankee' }, three)).toBe('badSystem');
  });

  it('offers the systems that fit the number of legs', () => {
    expect(systemKinds(2)).toEqual([]);
    expect(systemKinds(3)).toEqual([{ kind: 'system', size: 2 }, { kind: 'trixie' }]);
    expect(systemKinds(4)).toEqual([
      { kind: 'system', size: 2 },
      { kind: 'system', size: 3 },
      { kind: 'yankee' },
    ]);
    expect(systemKinds(6).map((k) => (k.kind === 'system' ? k.size : k.kind))).toEqual([
      2, 3, 4, 5,
    ]);
  });

  it('refuses two legs of one event in a combo or system, but not in singles', () => {
    const two = legs([200, 180]);
    two[1].eventId = two[0].eventId;
    expect(expand({ kind: 'combo' }, two)).toBe('sameEvent');
    expect(
      expand({ kind: 'system', size: 2 }, [
        ...two,
        ...legs([150]).map((l) => ({ ...l, eventId: 9, selectionId: 9 })),
      ]),
    ).toBe('sameEvent');
    expect(expand({ kind: 'single' }, two)).toEqual([[0], [1]]);
    expect(expand({ kind: 'combo' }, legs(Array(13).fill(150)))).toBe('legCount');
    expect(expand({ kind: 'combo' }, legs([150]))).toBe('legCount');
    expect(expand({ kind: 'combo' }, [])).toBe('empty');
    expect(expand({ kind: 'combo' }, legs([200, 100]))).toBe('badPrice');
  });

  it('multiplies the prices exactly and rounds the money once, as the server does', () => {
    const three = legs([200, 150, 333]);
    expect(priceHundredths(comboPrice(three, [0, 1, 2]))).toBe(999);
    expect(totals({ kind: 'combo' }, three, 1000)).toEqual({
      bets: 1,
      totalStake: 1000,
      potential: 9990,
    });
    // 2.00×1.50 = 3.00, 2.00×3.33 = 6.66, 1.50×3.33 = 4.995: 10 ₺ on it pays 49.95 ₺.
    expect(totals({ kind: 'system', size: 2 }, three, 1000)).toEqual({
      bets: 3,
      totalStake: 3000,
      potential: 3000 + 6660 + 4995,
    });
    expect(totals({ kind: 'single' }, three, 1000)).toEqual({
      bets: 3,
      totalStake: 3000,
      potential: 2000 + 1500 + 3330,
    });
    expect(payout(333, 215)).toBe(716);
    // Never cut between legs: 1.55 × 1.55 × 1.55 = 3.723875, shown 3.72.
    expect(priceHundredths(comboPrice(legs([155, 155, 155]), [0, 1, 2]))).toBe(372);
    expect(combinations(12, 6)).toHaveLength(924);
  });

  it('pays a combo the exact product of the prices shown (issue 30)', () => {
    // 1,38 × 2,27 × 3,26 = 10,212396: 20 ₺ returns 204,25 ₺, not 204,00 ₺.
    const three = legs([138, 227, 326]);
    expect(priceHundredths(comboPrice(three, [0, 1, 2]))).toBe(1021);
    expect(totals({ kind: 'combo' }, three, 2000)).toMatchObject({ potential: 20425 });
    const four = legs([138, 227, 326, 185]);
    const byHand = expand({ kind: 'yankee' }, four);
    if (typeof byHand === 'string') throw new Error(byHand);
    const want = byHand.reduce(
      (sum, c) => sum + Math.round(200 * c.reduce((p, i) => p * (four[i].price / 100), 1)),
      0,
    );
    expect(totals({ kind: 'yankee' }, four, 200)).toMatchObject({ potential: want });
  });

  it('reads stakes in the language’s number format', () => {
    expect(parseStake('1.234,56', 'tr')).toBe(123456);
    expect(parseStake('10,5', 'tr')).toBe(1050);
    expect(parseStake('10.5', 'tr')).toBe(1050);
    expect(parseStake('1.000', 'tr')).toBe(100000);
    expect(parseStake('50 ₺', 'tr')).toBe(5000);
    expect(parseStake('1,234.56', 'en')).toBe(123456);
    expect(parseStake('10.5', 'en')).toBe(1050);
    expect(parseStake('', 'en')).toBeNull();
    expect(parseStake('abc', 'tr')).toBeNull();
    expect(parseStake('1,2,3', 'tr')).toBeNull();
  });
});
