import { describe, expect, it } from 'vitest';
import { formatTurkeyDateTime } from './turkey-time';

describe('formatTurkeyDateTime', () => {
  // 2025-05-12 11:30 UTC is 14:30 in Turkey (UTC+3 all year).
  const moment = Date.UTC(2025, 4, 12, 11, 30);

  it('writes Turkey time in Turkish', () => {
    expect(formatTurkeyDateTime(moment, 'tr')).toBe('12.05.2025 14:30');
  });

  it('writes Turkey time in English', () => {
    expect(formatTurkeyDateTime(moment, 'en')).toBe('12 May 2025, 14:30');
  });

  it('writes nothing for no moment', () => {
    expect(formatTurkeyDateTime(null, 'tr')).toBe('');
  });
});
