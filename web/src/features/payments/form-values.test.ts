import { describe, expect, it } from 'vitest';
import {
  clamp,
  ibanDigits,
  isValidIban,
  parseNumber,
  sanitizeNumeric,
  settleNumeric,
  stepNumeric,
  toDetail,
  type Field,
} from './form-values';
import { pageInLanguage } from './api/deposit';

describe('numeric input', () => {
  it('reads Turkish and plain numbers', () => {
    expect(parseNumber('1.234,56')).toBe(1234.56);
    expect(parseNumber('1234.5')).toBe(1234.5);
    expect(parseNumber('10.000')).toBe(10000);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
  });

  it('reads each language its own way: 1.234,50 in Turkish, 1,234.50 in English', () => {
    expect(parseNumber('1.234,50', 'tr')).toBe(1234.5);
    expect(parseNumber('1,234.50', 'en')).toBe(1234.5);
    expect(parseNumber('1,234.50', 'tr')).toBeNull();
    expect(parseNumber('1.234,50', 'en')).toBeNull();
    // A lone separator: the language's decimal mark, or the other one typed as a decimal point,
    // unless it groups thousands.
    expect(parseNumber('12,5', 'tr')).toBe(12.5);
    expect(parseNumber('12.5', 'tr')).toBe(12.5);
    expect(parseNumber('12.5', 'en')).toBe(12.5);
    expect(parseNumber('12,5', 'en')).toBe(12.5);
    expect(parseNumber('10.000', 'tr')).toBe(10000);
    expect(parseNumber('10,000', 'en')).toBe(10000);
    expect(parseNumber('1,234,567.8', 'en')).toBe(1234567.8);
    expect(parseNumber('1.234.567,8', 'tr')).toBe(1234567.8);
    expect(parseNumber('₺ 250.75', 'en')).toBe(250.75);
    expect(parseNumber('-1,234.5', 'en')).toBe(-1234.5);
    expect(parseNumber('', 'en')).toBeNull();
    expect(parseNumber('1.2.3', 'en')).toBeNull();
  });

  it('keeps, settles and steps the amount in the language', () => {
    expect(sanitizeNumeric('1,234.567', { min: 1 }, 'en')).toBe('1,234.56');
    expect(sanitizeNumeric('1.234,567', { min: 1 }, 'tr')).toBe('1.234,56');
    expect(sanitizeNumeric('99999', { min: 100, max: 50000 }, 'en')).toBe('50,000');
    expect(settleNumeric('1234.5', { min: 100, max: 50000 }, 'en')).toBe('1,234.50');
    expect(settleNumeric('1,234.5', { min: 100, max: 50000 }, 'en')).toBe('1,234.50');
    expect(settleNumeric('1.234,5', { min: 100, max: 50000 }, 'tr')).toBe('1.234,50');
    expect(settleNumeric('5', { min: 100, max: 50000 }, 'en')).toBe('100');
    expect(stepNumeric('1,234.5', 1, { min: 100, max: 5000 }, 1, 'en')).toBe('1,235.50');
    expect(stepNumeric('1.234,5', -1, { min: 100, max: 5000 }, 1, 'tr')).toBe('1.233,50');
  });

  it('sends the amount as typed in the language', () => {
    const amount: Field[] = [{ key: 'Amount', objectType: 'Decimal' }];
    expect(toDetail(amount, { Amount: '1,234.50' }, 'en')).toEqual({ Amount: 1234.5 });
    expect(toDetail(amount, { Amount: '1.234,50' }, 'tr')).toEqual({ Amount: 1234.5 });
  });

  it('clamps to min and max', () => {
    expect(clamp(5, { min: 100, max: 500 })).toBe(100);
    expect(clamp(900, { min: 100, max: 500 })).toBe(500);
    expect(clamp(250, { min: 100, max: 500 })).toBe(250);
  });

  it('drops the minus when the minimum is 0 or more, keeps it otherwise', () => {
    expect(sanitizeNumeric('-50', { min: 0 })).toBe('50');
    expect(sanitizeNumeric('-50', { min: -100 })).toBe('-50');
  });

  it('keeps at most two decimals and the maximum at once, the minimum on leaving', () => {
    expect(sanitizeNumeric('12,345', { min: 1 })).toBe('12,34');
    expect(sanitizeNumeric('99999', { min: 100, max: 50000 })).toBe('50.000');
    expect(sanitizeNumeric('5', { min: 100, max: 50000 })).toBe('5');
    expect(settleNumeric('5', { min: 100, max: 50000 })).toBe('100');
    expect(settleNumeric('1234,5', { min: 100, max: 50000 })).toBe('1.234,50');
    expect(settleNumeric('', { min: 100 })).toBe('');
    expect(sanitizeNumeric('1a2b3', { min: 0, maxLength: 2 })).toBe('12');
  });

  it('steps within the limits', () => {
    expect(stepNumeric('', 1, { min: 100, max: 200 })).toBe('100');
    expect(stepNumeric('200', 1, { min: 100, max: 200 })).toBe('200');
    expect(stepNumeric('150', -1, { min: 100, max: 200 }, 10)).toBe('140');
  });
});

describe('IBAN', () => {
  it('takes the 24 digits and checks mod 97', () => {
    expect(ibanDigits('TR33 0006 1005 1978 6457 8413 26')).toBe('330006100519786457841326');
    expect(isValidIban('330006100519786457841326')).toBe(true);
    expect(isValidIban('330006100519786457841327')).toBe(false);
    expect(isValidIban('3300')).toBe(false);
  });
});

describe('values sent', () => {
  const fields: Field[] = [
    { key: 'Wallet', objectType: 'Dropdown', option: [{ id: 1, name: 'Papara' }] },
    { key: 'Code', objectType: 'Dropdown', option: [] },
    { key: 'Iban', objectType: 'String' },
    { key: 'AccountName', objectType: 'String' },
    { key: 'Count', objectType: 'Int' },
    { key: 'Amount', objectType: 'Decimal' },
  ];
  it('numbers for numeric fields and numeric dropdown values, text otherwise', () => {
    expect(
      toDetail(fields, {
        Wallet: '2',
        Code: 'abc',
        Iban: '330006100519786457841326',
        AccountName: '  Ayşe Yılmaz ',
        Count: '3',
        Amount: '1.234,5',
      }),
    ).toEqual({
      Wallet: 2,
      Code: 'abc',
      Iban: 'TR330006100519786457841326',
      AccountName: 'Ayşe Yılmaz',
      Count: 3,
      Amount: 1234.5,
    });
  });
});

describe('the payment page link', () => {
  it("opens in the player's language unless the link names one", () => {
    expect(pageInLanguage('http://127.0.0.1:8080/pay/abc', 'tr')).toBe(
      'http://127.0.0.1:8080/pay/abc?lang=tr',
    );
    expect(pageInLanguage('https://kasa.bet/pay/abc?lang=en', 'tr')).toBe(
      'https://kasa.bet/pay/abc?lang=en',
    );
  });
});

describe('a withdrawal refused for a short balance', () => {
  it('is the Amount field error; other failures are unchanged', async () => {
    const { ApiError } = await import('@/lib/api-client');
    const { asAmountError } = await import('./api/withdraw');
    const short = asAmountError(new ApiError('Not enough.', 400));
    expect(short).toBeInstanceOf(ApiError);
    expect((short as InstanceType<typeof ApiError>).fieldErrors).toEqual({ Amount: 'Not enough.' });
    const named = new ApiError('Bad IBAN.', 422, { Iban: 'Bad IBAN.' });
    expect(asAmountError(named)).toBe(named);
    const other = new ApiError('Server error.', 500);
    expect(asAmountError(other)).toBe(other);
  });
});
