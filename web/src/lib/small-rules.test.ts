import { describe, expect, it } from 'vitest';
import { isOnDefaultDomain } from './domain';
import { formatDate, formatDateTime, formatMoney, formatPickerDate, parseUtc } from './format';

describe('default domain rule', () => {
  it('tests the host ending against default-domain', () => {
    expect(isOnDefaultDomain('kasa.bet', 'kasa.bet')).toBe(true);
    expect(isOnDefaultDomain('www.kasa.bet', 'kasa.bet')).toBe(true);
    expect(isOnDefaultDomain('kasa2.bet', 'kasa.bet')).toBe(false);
    expect(isOnDefaultDomain('127.0.0.1', 'kasa.bet')).toBe(false);
    expect(isOnDefaultDomain('anything.example', undefined)).toBe(true);
  });
});

describe('formatting', () => {
  const d = new Date(2025, 2, 7, 9, 5);
  it('shows dates the Turkish way', () => {
    expect(formatDateTime(d)).toBe('07.03.2025 09:05');
    expect(formatDate(d)).toBe('07.03.2025');
    expect(formatDateTime('not a date')).toBe('');
  });
  it('uses mm/dd/yy for date pickers', () => {
    expect(formatPickerDate(d)).toBe('03/07/25');
  });
  it('reads server timestamps as UTC', () => {
    expect(parseUtc('2025-03-07T09:05:00')?.toISOString()).toBe('2025-03-07T09:05:00.000Z');
    expect(parseUtc('2025-03-07T09:05:00Z')?.toISOString()).toBe('2025-03-07T09:05:00.000Z');
  });
  it('formats lira amounts', () => {
    expect(formatMoney(1234.56).replace(/\s/g, ' ')).toBe('1.234,56 ₺');
  });
});
