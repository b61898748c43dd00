import { describe, expect, it } from 'vitest';
import type { BonusItem } from './api/get-bonuses';
import { formatPercent, groupBonuses, initialTab, tabOf, wagerProgress } from './bonus-state';

const bonus = (
  id: number,
  state: BonusItem['state'],
  extra: Partial<BonusItem> = {},
): BonusItem => ({
  id,
  title: `Bonus ${id}`,
  source: 'promotion',
  promotion: 'welcome',
  amount: 100,
  balance: 80,
  wagerRequired: 2000,
  wagered: 300,
  progress: 15,
  maxBet: 50,
  state,
  createdAt: '2026-05-01T10:00:00Z',
  expiresAt: '2026-05-08T10:00:00Z',
  endedAt: null,
  ...extra,
});

describe('bonus states and tabs (the contract: active | completed, forfeited, spent | expired)', () => {
  it('maps each state to its tab', () => {
    expect(tabOf('active')).toBe('active');
    expect(tabOf('completed')).toBe('finished');
    expect(tabOf('forfeited')).toBe('finished');
    expect(tabOf('spent')).toBe('finished');
    expect(tabOf('expired')).toBe('expired');
    // A state the app does not know yet is an ended bonus.
    expect(tabOf('cancelled')).toBe('finished');
  });

  it('groups a list by tab, keeping the server order (newest first)', () => {
    const list = [
      bonus(6, 'active'),
      bonus(5, 'expired'),
      bonus(4, 'completed'),
      bonus(3, 'active'),
      bonus(2, 'forfeited'),
      bonus(1, 'spent'),
    ];
    const groups = groupBonuses(list);
    expect(groups.active.map((b) => b.id)).toEqual([6, 3]);
    expect(groups.finished.map((b) => b.id)).toEqual([4, 2, 1]);
    expect(groups.expired.map((b) => b.id)).toEqual([5]);
    expect(groupBonuses([])).toEqual({ active: [], finished: [], expired: [] });
  });

  it('opens on Active, or on the first tab with bonuses when none is active', () => {
    expect(initialTab(groupBonuses([bonus(1, 'active'), bonus(2, 'expired')]))).toBe('active');
    expect(initialTab(groupBonuses([bonus(2, 'expired')]))).toBe('expired');
    expect(initialTab(groupBonuses([bonus(2, 'expired'), bonus(3, 'spent')]))).toBe('finished');
    expect(initialTab(groupBonuses([]))).toBe('active');
  });
});

describe('wagering progress', () => {
  it('is wagered of required, a whole percentage rounded down', () => {
    expect(wagerProgress(bonus(1, 'active'))).toEqual({
      wagered: 300,
      required: 2000,
      remaining: 1700,
      percent: 15,
    });
    // 0.29 * 100 is 28.999… in floating point: counted in cents it is 29.
    expect(wagerProgress({ wagered: 29, wagerRequired: 100, state: 'active' }).percent).toBe(29);
    expect(wagerProgress({ wagered: 0.07, wagerRequired: 0.1, state: 'active' }).percent).toBe(70);
  });

  it('starts at 0 and shows 100 only once the requirement is met', () => {
    expect(wagerProgress({ wagered: 0, wagerRequired: 2000, state: 'active' }).percent).toBe(0);
    expect(wagerProgress({ wagered: 10, wagerRequired: 2000, state: 'active' }).percent).toBe(0);
    const almost = wagerProgress({ wagered: 1999.99, wagerRequired: 2000, state: 'active' });
    expect(almost.percent).toBe(99);
    expect(almost.remaining).toBe(0.01);
    expect(wagerProgress({ wagered: 2000, wagerRequired: 2000, state: 'active' }).percent).toBe(
      100,
    );
  });

  it('never goes past the requirement nor below zero', () => {
    expect(wagerProgress({ wagered: 2500, wagerRequired: 2000, state: 'active' })).toEqual({
      wagered: 2000,
      required: 2000,
      remaining: 0,
      percent: 100,
    });
    expect(wagerProgress({ wagered: -5, wagerRequired: 100, state: 'active' }).percent).toBe(0);
  });

  it('a completed bonus, or one without a requirement, is full', () => {
    expect(wagerProgress({ wagered: 1990, wagerRequired: 2000, state: 'completed' })).toEqual({
      wagered: 2000,
      required: 2000,
      remaining: 0,
      percent: 100,
    });
    expect(wagerProgress({ wagered: 0, wagerRequired: 0, state: 'active' }).percent).toBe(100);
  });

  it('an expired or forfeited bonus keeps the progress it reached', () => {
    expect(wagerProgress({ wagered: 500, wagerRequired: 2000, state: 'expired' }).percent).toBe(25);
    expect(wagerProgress({ wagered: 500, wagerRequired: 2000, state: 'forfeited' }).percent).toBe(
      25,
    );
  });

  it('writes the percentage the way each language does', () => {
    expect(formatPercent(30, 'tr')).toBe('%30');
    expect(formatPercent(30, 'en')).toBe('30%');
    expect(formatPercent(100, 'en')).toBe('100%');
  });
});
