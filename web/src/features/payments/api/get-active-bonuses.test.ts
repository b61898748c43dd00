import { describe, expect, it } from 'vitest';
import { bonusWarning, type ActiveBonus } from './get-active-bonuses';

const active = (id: number, balance: number): ActiveBonus => ({
  id,
  title: `Bonus ${id}`,
  balance,
  state: 'active',
});

describe('the warning before a withdrawal', () => {
  it('none without an active bonus', () => {
    expect(bonusWarning([])).toBeNull();
  });

  it('names one bonus and its remaining bonus money', () => {
    expect(bonusWarning([active(1, 80)])).toEqual({ kind: 'one', title: 'Bonus 1', balance: 80 });
  });

  it('counts several and adds their bonus money up (in cents)', () => {
    expect(bonusWarning([active(1, 0.1), active(2, 0.2)])).toEqual({
      kind: 'many',
      count: 2,
      balance: 0.3,
    });
  });

  it('warns in general when the list could not be read', () => {
    expect(bonusWarning(null)).toEqual({ kind: 'unknown' });
  });
});
