import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { resetSession, setAuthData } from '@/lib/session-store';
import { envelope } from '@/test/envelope';
import { asRefusalError, BONUS_KEY } from './deposit';
import type { DepositOffer } from './get-deposit-bonuses';

/** Which field a deposit's refusal naming no field is about (issues 30 and 31). */

const fetchMock = vi.fn<typeof fetch>();

const welcome: DepositOffer = {
  slug: 'welcome',
  title: 'Hoş Geldin Bonusu',
  percent: 100,
  maxBonus: 5000,
  minDeposit: 100,
  wagering: 25,
  maxBet: 100,
  days: 30,
  terms: '',
};

/** The offers read again after the refusal: `offers`, or a failure. */
function offersNow(offers: DepositOffer[] | 'failing') {
  fetchMock.mockImplementation(async () =>
    offers === 'failing' ? envelope(false, 'Hata', null, 500) : envelope(true, null, offers),
  );
}

const refusal = () => new ApiError('Reddedildi.', 400);
const withBonus = (amount: number) => ({ id: 3, detail: { Amount: amount }, bonus: 'welcome' });
const fieldsOf = (error: unknown) => (error as ApiError).fieldErrors;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setAuthData({ token: 't' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  resetSession();
});

describe("a deposit's refusal naming no field", () => {
  it("is the Amount's without a bonus, the offers not read", async () => {
    const error = await asRefusalError(refusal(), { id: 3, detail: { Amount: 300 } });
    expect(fieldsOf(error)).toEqual({ Amount: 'Reddedildi.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is the Amount's with a bonus still offered whose least the amount reaches", async () => {
    offersNow([welcome]);
    expect(fieldsOf(await asRefusalError(refusal(), withBonus(100)))).toEqual({
      Amount: 'Reddedildi.',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/payment\/depositbonuses$/);
  });

  it("is the bonus choice's under the bonus's least, or with the bonus no longer offered", async () => {
    offersNow([welcome]);
    expect(fieldsOf(await asRefusalError(refusal(), withBonus(99.99)))).toEqual({
      [BONUS_KEY]: 'Reddedildi.',
    });
    offersNow([]);
    expect(fieldsOf(await asRefusalError(refusal(), withBonus(300)))).toEqual({
      [BONUS_KEY]: 'Reddedildi.',
    });
  });

  it("is the bonus choice's (checked first) when the offers cannot be read", async () => {
    offersNow('failing');
    expect(fieldsOf(await asRefusalError(refusal(), withBonus(300)))).toEqual({
      [BONUS_KEY]: 'Reddedildi.',
    });
  });

  it('other errors are unchanged', async () => {
    const named = new ApiError('Geçersiz tutar.', 422, { Amount: 'Geçersiz tutar.' });
    expect(await asRefusalError(named, withBonus(300))).toBe(named);
    const failed = new ApiError('Sunucu hatası.', 500);
    expect(await asRefusalError(failed, withBonus(300))).toBe(failed);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
