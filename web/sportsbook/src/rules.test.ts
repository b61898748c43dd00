import { describe, expect, it } from 'vitest';
import type { BookRules } from './api';
import { breachOf, limitsOf, liveDelayOf } from './rules';
import type { SlipLeg } from './slip';

/** As GET /api/sportsbook/rules answers (server/src/sports/betting/mod.rs), in lira. */
const RULES: BookRules = {
  minStake: 1,
  maxStake: 5000,
  maxStakeHighRate: 500,
  maxPayout: 250000,
  liveDelays: [
    { sport: 'football', seconds: 5 },
    { sport: 'basketball', seconds: 4 },
    { sport: 'tennis', seconds: 3 },
    { sport: 'volleyball', seconds: 3 },
  ],
};

function legs(prices: number[]): SlipLeg[] {
  return prices.map((price, i) => ({ eventId: 100 + i, selectionId: 1000 + i, price }));
}

describe('the book’s rules on the slip, as place.rs checks a slip', () => {
  const limits = limitsOf(RULES, false);

  it('reads the limits in kuruş, a High Rate view with its own stake limit', () => {
    expect(limits).toEqual({ minStake: 100, maxStake: 500_000, maxPayout: 25_000_000 });
    expect(limitsOf(RULES, true)).toEqual({
      minStake: 100,
      maxStake: 50_000,
      maxPayout: 25_000_000,
    });
  });

  it('refuses a stake below the least and a bet’s stake above the most', () => {
    expect(breachOf({ kind: 'single' }, legs([200]), 99, limits)).toEqual({
      stake: 'low',
      payout: false,
    });
    expect(breachOf({ kind: 'single' }, legs([200]), 100, limits)).toEqual({
      stake: null,
      payout: false,
    });
    expect(breachOf({ kind: 'single' }, legs([200]), 500_000, limits).stake).toBeNull();
    expect(breachOf({ kind: 'single' }, legs([200]), 500_001, limits).stake).toBe('high');
    // Three singles are three bets of 2.000 ₺ each: each within the limit.
    expect(breachOf({ kind: 'single' }, legs([150, 150, 150]), 200_000, limits).stake).toBeNull();
    // A 2/3 system of 2.000 ₺ a combo is one bet of 6.000 ₺.
    expect(
      breachOf({ kind: 'system', size: 2 }, legs([150, 150, 150]), 200_000, limits).stake,
    ).toBe('high');
    // High Rate: 500 ₺ at most.
    expect(breachOf({ kind: 'single' }, legs([200]), 50_100, limitsOf(RULES, true)).stake).toBe(
      'high',
    );
    // A slip the server refuses for itself is checked for its stake only.
    const same = legs([200, 200]);
    same[1].eventId = same[0].eventId;
    expect(breachOf({ kind: 'combo' }, same, 50, limits)).toEqual({ stake: 'low', payout: false });
  });

  it('refuses a bet that would return more than the maximum payout', () => {
    // 5.000 ₺ at 50.00 returns 250.000 ₺: just the most.
    expect(breachOf({ kind: 'single' }, legs([5000]), 500_000, limits).payout).toBe(false);
    expect(breachOf({ kind: 'single' }, legs([5001]), 500_000, limits).payout).toBe(true);
    // A combo at 10.00 × 10.00 × 10.00 = 1000.00: 250,01 ₺ returns 250.010 ₺.
    expect(breachOf({ kind: 'combo' }, legs([1000, 1000, 1000]), 25_001, limits)).toEqual({
      stake: null,
      payout: true,
    });
    expect(breachOf({ kind: 'combo' }, legs([1000, 1000, 1000]), 25_000, limits).payout).toBe(
      false,
    );
    // Singles are each a bet: two returning 200.000 ₺ each are within the limit.
    expect(breachOf({ kind: 'single' }, legs([4000, 4000]), 500_000, limits).payout).toBe(false);
  });

  it('names the longest live delay among the live legs’ sports', () => {
    const delays = RULES.liveDelays;
    expect(liveDelayOf([{ live: false, sport: 'football' }], delays)).toBeNull();
    expect(liveDelayOf([], delays)).toBeNull();
    expect(
      liveDelayOf(
        [
          { live: true, sport: 'tennis' },
          { live: false, sport: 'football' },
        ],
        delays,
      ),
    ).toBe(3);
    expect(
      liveDelayOf(
        [
          { live: true, sport: 'tennis' },
          { live: true, sport: 'basketball' },
        ],
        delays,
      ),
    ).toBe(4);
    // A leg kept before its sport was recorded waits as long as the longest.
    expect(liveDelayOf([{ live: true, sport: null }], delays)).toBe(5);
  });
});
