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

  it("money reads as Intl's currency format of the language, for any amount", () => {
    const intl = (amount: number, lang: string) => {
      const format = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
        style: 'currency',
        currency: 'TRY',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      // No '-0,00': a sign only on an amount that rounds to something.
      if (!/[1-9]/.test(format.format(amount))) amount = 0;
      if (lang !== 'tr') return format.format(amount);
      const parts = format.formatToParts(amount);
      return `${parts
        .filter((p) => p.type !== 'currency' && p.type !== 'literal')
        .map((p) => p.value)
        .join('')} ₺`;
    };
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const amounts = [
      0, 0.005, 1.005, 12.345, 999.995, 1000, 99999.999, 1e6, 123456789.125, -0.01, -1234.5,
    ];
    for (let i = 0; i < 300; i++) amounts.push(Number((random() * 10 ** (i % 9)).toFixed(i % 4)));
    for (const amount of amounts) {
      for (const lang of ['tr', 'en'])
        expect(formatMoney(amount, lang), `${amount}`).toBe(intl(amount, lang));
    }
  });
});
