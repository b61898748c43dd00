import { describe, expect, it } from 'vitest';
import { formatAge, formatMoney, humanize } from './format';

describe('formats', () => {
  it('writes lira as the site does: 1.234,56 ₺', () => {
    expect(formatMoney(1234.56)).toBe('1.234,56 ₺');
    expect(formatMoney(-12.5)).toBe('-12,50 ₺');
    expect(formatMoney(0)).toBe('0,00 ₺');
    expect(formatMoney(1_000_000)).toBe('1.000.000,00 ₺');
    expect(formatMoney(null)).toBe('—');
  });

  it('writes ages in hours and minutes', () => {
    const now = 1_700_000_000_000;
    expect(formatAge(now - 20_000, now)).toBe('under 1 min');
    expect(formatAge(now - 12 * 60_000, now)).toBe('12 min');
    expect(formatAge(now - 125 * 60_000, now)).toBe('2 h 5 min');
    expect(formatAge(now - 120 * 60_000, now)).toBe('2 h');
    expect(formatAge(now - 27 * 3_600_000, now)).toBe('1 d 3 h');
  });

  it('names fields for people', () => {
    expect(humanize('createdAt')).toBe('Created at');
    expect(humanize('personalNo')).toBe('Personal no');
    expect(humanize('playerId')).toBe('Player ID');
    expect(humanize('deposited30d')).toBe('Deposited 30d');
  });
});
