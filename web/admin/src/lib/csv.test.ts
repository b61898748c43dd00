import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes as RFC 4180 says: commas, quotes and line breaks', () => {
    expect(csvField('Papara')).toBe('Papara');
    expect(csvField('Bank, transfer')).toBe('"Bank, transfer"');
    expect(csvField('The "Fast" one')).toBe('"The ""Fast"" one"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+90 555')).toBe("'+90 555");
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    // Only at the start: inside the text they are harmless.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('Türkçe ₺')).toBe('Türkçe ₺');
  });

  it('writes numbers as numbers, negative ones too', () => {
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(-12.25)).toBe('-12.25');
    expect(csvField(0)).toBe('0');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('separates fields by commas and records by CRLF', () => {
    expect(
      toCsv(
        ['Method', 'Deposits'],
        [
          ['Havale, EFT', 1500],
          ['=cmd', -20],
        ],
      ),
    ).toBe('Method,Deposits\r\n"Havale, EFT",1500\r\n\'=cmd,-20\r\n');
  });
});
