import { describe, expect, it } from 'vitest';
import { formatKurus, formatLira } from './money';

/** Intl's currency format of the language, the lira sign after the amount in Turkish. */
function intl(amount: number, lang: string, digits = 2): string {
  const format = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    style: 'currency',
    currency: 'TRY',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: digits,
  });
  // No '-0,00': a sign only on an amount that rounds to something.
  if (!/[1-9]/.test(format.format(amount))) amount = 0;
  if (lang !== 'tr') return format.format(amount);
  const parts = format.formatToParts(amount);
  return `${parts
    .filter((p) => p.type !== 'currency' && p.type !== 'literal')
    .map((p) => p.value)
    .join('')} ₺`;
}

describe('money in the language', () => {
  it('Turkish: 1.234,56 ₺; English: ₺1,234.56', () => {
    expect(formatLira(1234.56, 'tr')).toBe('1.234,56 ₺');
    expect(formatLira(-1234.5, 'tr')).toBe('-1.234,50 ₺');
    expect(formatLira(0, 'tr')).toBe('0,00 ₺');
    expect(formatLira(1234.56, 'en')).toBe('₺1,234.56');
    expect(formatLira(1000000, 'en')).toBe('₺1,000,000.00');
    expect(formatKurus(123456, 'tr')).toBe('1.234,56 ₺');
    expect(formatKurus(5, 'en')).toBe('₺0.05');
  });

  it('more decimals only where a fraction of a kurus needs them', () => {
    expect(formatLira(0.005, 'tr', 3)).toBe('0,005 ₺');
    expect(formatLira(1.5, 'tr', 3)).toBe('1,50 ₺');
    expect(formatLira(0.0049, 'en', 3)).toBe('₺0.005');
    expect(formatLira(0.00125, 'en', 4)).toBe('₺0.0013');
  });

  it('nothing for what is not a number', () => {
    expect(formatLira(Number.NaN, 'tr')).toBe('');
    expect(formatLira(Number.POSITIVE_INFINITY, 'en')).toBe('');
  });

  it("reads as Intl's currency format of the language, for any amount and decimals", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const amounts = [
      0, 0.005, 1.005, 12.345, 999.995, 1000, 99999.999, 1e6, 123456789.125, -0.01, -1234.5, 0.0049,
      0.00125, 2.0005, 1e-7, 1e21,
    ];
    for (let i = 0; i < 300; i++) amounts.push(Number((random() * 10 ** (i % 9)).toFixed(i % 6)));
    for (const amount of amounts) {
      for (const lang of ['tr', 'en']) {
        for (const digits of [2, 3, 4])
          expect(formatLira(amount, lang, digits), `${amount} (${digits})`).toBe(
            intl(amount, lang, digits),
          );
      }
    }
  });
});
