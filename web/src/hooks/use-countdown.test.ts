import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, secondsLeft, useCountdown } from './use-countdown';

describe('countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts whole seconds down to 0', () => {
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 100)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 61_000)).toBe(0);
  });

  it('formats as m:ss', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('runs 60 seconds after start, then stops (the Resend link appears)', () => {
    const { result } = renderHook(() => useCountdown(60));
    expect(result.current.running).toBe(false);
    act(() => result.current.start());
    expect(result.current.left).toBe(60);
    expect(result.current.running).toBe(true);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(result.current.left).toBe(30);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(result.current.left).toBe(0);
    expect(result.current.running).toBe(false);
    act(() => result.current.start());
    expect(result.current.left).toBe(60);
  });
});
