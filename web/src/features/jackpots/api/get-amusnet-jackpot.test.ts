import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  AMUSNET_REFETCH_MS,
  amusnetJackpotQueryOptions,
  amusnetLevels,
  amusnetRefetchInterval,
} from './get-amusnet-jackpot';

const jackpot = {
  currentLevelI: 1234.5,
  currentLevelII: 5678.25,
  currentLevelIII: 45000,
  currentLevelIV: 250000.75,
};

describe('the Amusnet jackpot (casino/eqyptquest)', () => {
  it('shows the four levels, IV first', () => {
    expect(amusnetLevels(jackpot)).toEqual([
      { level: 'IV', amount: 250000.75 },
      { level: 'III', amount: 45000 },
      { level: 'II', amount: 5678.25 },
      { level: 'I', amount: 1234.5 },
    ]);
  });

  it('shows nothing when currentLevelI is 14000 or there is no answer', () => {
    expect(amusnetLevels({ ...jackpot, currentLevelI: 14000 })).toBeNull();
    expect(amusnetLevels(undefined)).toBeNull();
    expect(amusnetLevels(null)).toBeNull();
  });

  it('asks every 30 s, silently and without retries, and stops when no source is configured', () => {
    const options = amusnetJackpotQueryOptions();
    expect(options.retry).toBe(false);
    expect(options.refetchIntervalInBackground).toBe(false);
    expect(options.meta?.errorToast).toBe(false);
    const state = (error: unknown) =>
      ({ state: { error } }) as Parameters<typeof amusnetRefetchInterval>[0];
    expect(amusnetRefetchInterval(state(null))).toBe(AMUSNET_REFETCH_MS);
    expect(AMUSNET_REFETCH_MS).toBe(30_000);
    expect(amusnetRefetchInterval(state(new ApiError('Bad gateway', 502)))).toBe(30_000);
    expect(amusnetRefetchInterval(state(new ApiError('Unavailable', 503)))).toBe(false);
  });
});
