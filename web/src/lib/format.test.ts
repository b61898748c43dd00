import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoDate, formatMoney } from './format';
import { setCurrentLanguage } from './language';

afterEach(() => setCurrentLanguage('tr'));

describe('money and dates follow the language', () => {
  const d = new Date(2025, 2, 7, 9, 5);

  it('Turkish: 1.234,56 ₺ and dd.MM.yyyy', () => {
    expect(formatMoney(1234.56, 'tr')).toBe('1.234,56 ₺');
    expect(formatMoney(-1234.5, 'tr')).toBe('-1.234,50 ₺');
    expect(formatMoney(0, 'tr')).toBe('0,00 ₺');
    expect(formatDateTime(d, 'tr')).toBe('07.03.2025 09:05');
    expect(formatDate(d, 'tr')).toBe('07.03.2025');
    expect(formatIsoDate('1970-01-31', 'tr')).toBe('31.01.1970');
  });

  it('English: ₺1,234.56 and day, month name, year', () => {
    expect(formatMoney(1234.56, 'en')).toBe('₺1,234.56');
    expect(formatMoney(1000000, 'en')).toBe('₺1,000,000.00');
    expect(formatDateTime(d, 'en')).toBe('7 Mar 2025, 09:05');
    expect(formatDate(d, 'en')).toBe('7 Mar 2025');
    expect(formatIsoDate('1970-01-31', 'en')).toBe('31 Jan 1970');
  });

  it('without a language argument, the chosen language is used', () => {
    setCurrentLanguage('en');
    expect(formatMoney(1234.56)).toBe('₺1,234.56');
    expect(formatDate(d)).toBe('7 Mar 2025');
    setCurrentLanguage('tr');
    expect(formatMoney(1234.56)).toBe('1.234,56 ₺');
  });

  it('an invalid value is empty in every language', () => {
    expect(formatDateTime('not a date', 'en')).toBe('');
    expect(formatIsoDate('', 'en')).toBe('');
    expect(formatIsoDate(null)).toBe('');
  });
});
