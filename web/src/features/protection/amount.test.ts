import { describe, expect, it } from 'vitest';
import { amountInputText, parseAmount } from './amount';

describe('parseAmount', () => {
  it('reads Turkish amounts', () => {
    expect(parseAmount('500', 'tr')).toBe(500);
    expect(parseAmount('1.500', 'tr')).toBe(1500);
    expect(parseAmount('1.500,50', 'tr')).toBe(1500.5);
    expect(parseAmount('1500,5', 'tr')).toBe(1500.5);
    expect(parseAmount('1.500.000 ₺', 'tr')).toBe(1500000);
  });

  it('reads English amounts', () => {
    expect(parseAmount('1,500', 'en')).toBe(1500);
    expect(parseAmount('₺1,500.50', 'en')).toBe(1500.5);
    expect(parseAmount('1500.5', 'en')).toBe(1500.5);
  });

  it('refuses what is no amount', () => {
    expect(parseAmount('', 'tr')).toBeNull();
    expect(parseAmount('abc', 'en')).toBeNull();
    expect(parseAmount('1,2,3', 'tr')).toBeNull();
    expect(parseAmount('1.50', 'tr')).toBeNull();
    expect(parseAmount('1,505', 'tr')).toBeNull();
    expect(parseAmount('-5', 'en')).toBeNull();
  });

  it('writes a value back for its input', () => {
    expect(amountInputText(1500.5, 'tr')).toBe('1500,5');
    expect(amountInputText(1500.5, 'en')).toBe('1500.5');
    expect(amountInputText(200, 'tr')).toBe('200');
  });
});
