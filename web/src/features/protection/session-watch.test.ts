import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MINUTE_MS } from './schedule';
import {
  REALITY_SEEN_KEY,
  answerRealityCheck,
  realityCheckStore,
  sessionLimitStore,
  watchRealityCheck,
  watchSessionLimit,
} from './session-watch';

const start = Date.UTC(2025, 4, 12, 9, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('watchRealityCheck', () => {
  it('opens at every full interval since the login, a full interval after each answer', () => {
    const stop = watchRealityCheck(start, 15);
    vi.advanceTimersByTime(15 * MINUTE_MS - 1);
    expect(realityCheckStore.get()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(realityCheckStore.get()).toBe(true);
    // Unanswered, it stays open; answered at minute 20, the next comes at 30.
    vi.advanceTimersByTime(5 * MINUTE_MS);
    answerRealityCheck();
    expect(realityCheckStore.get()).toBe(false);
    vi.advanceTimersByTime(10 * MINUTE_MS - 1);
    expect(realityCheckStore.get()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(realityCheckStore.get()).toBe(true);
    stop();
    expect(realityCheckStore.get()).toBe(false);
  });

  it('skips the checks a long unanswered one covered', () => {
    const stop = watchRealityCheck(start, 15);
    vi.advanceTimersByTime(50 * MINUTE_MS);
    answerRealityCheck();
    // Due at 15, answered at 50: the next is at 60, not 30 or 45.
    vi.advanceTimersByTime(10 * MINUTE_MS - 1);
    expect(realityCheckStore.get()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(realityCheckStore.get()).toBe(true);
    stop();
  });

  it('does not open on arrival for checks already due, unless this session answered them', () => {
    vi.setSystemTime(start + 20 * MINUTE_MS);
    let stop = watchRealityCheck(start, 15);
    expect(realityCheckStore.get()).toBe(false);
    vi.advanceTimersByTime(10 * MINUTE_MS);
    expect(realityCheckStore.get()).toBe(true);
    answerRealityCheck();
    stop();
    expect(JSON.parse(localStorage.getItem(REALITY_SEEN_KEY) ?? 'null')).toEqual({
      startedAt: start,
      minutes: 15,
      seen: 2,
    });
    // A reload at minute 47: the check due at 45 was not answered, so it shows.
    vi.setSystemTime(start + 47 * MINUTE_MS);
    stop = watchRealityCheck(start, 15);
    vi.advanceTimersByTime(0);
    expect(realityCheckStore.get()).toBe(true);
    stop();
  });

  it('never opens when off', () => {
    const stop = watchRealityCheck(start, null);
    vi.advanceTimersByTime(120 * MINUTE_MS);
    expect(realityCheckStore.get()).toBe(false);
    stop();
  });
});

describe('watchSessionLimit', () => {
  it('warns five minutes before the end and ends the session at the end', () => {
    const onEnd = vi.fn();
    const stop = watchSessionLimit(start + 30 * MINUTE_MS, onEnd);
    expect(sessionLimitStore.get()).toBe('running');
    vi.advanceTimersByTime(25 * MINUTE_MS);
    expect(sessionLimitStore.get()).toBe('warning');
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * MINUTE_MS);
    expect(sessionLimitStore.get()).toBe('ended');
    expect(onEnd).toHaveBeenCalledTimes(1);
    stop();
    expect(sessionLimitStore.get()).toBe('none');
  });

  it('does nothing without a limit', () => {
    const onEnd = vi.fn();
    const stop = watchSessionLimit(null, onEnd);
    vi.advanceTimersByTime(24 * 60 * MINUTE_MS);
    expect(sessionLimitStore.get()).toBe('none');
    expect(onEnd).not.toHaveBeenCalled();
    stop();
  });
});
