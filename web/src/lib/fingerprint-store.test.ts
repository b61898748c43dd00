import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeZoneName } from './fingerprint-store';

describe("the fingerprint's time zone", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is Temporal's where the browser has it, without creating a date format", () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Istanbul' } });
    const created = vi.spyOn(Intl, 'DateTimeFormat');
    expect(timeZoneName()).toBe('Europe/Istanbul');
    expect(created).not.toHaveBeenCalled();
    created.mockRestore();
  });

  it("is Intl's otherwise", () => {
    vi.stubGlobal('Temporal', undefined);
    expect(timeZoneName()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
