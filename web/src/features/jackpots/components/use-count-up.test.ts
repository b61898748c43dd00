import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNT_UP_MS, useCountUp } from './use-count-up';

describe('useCountUp', () => {
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    window.matchMedia = matchMedia;
  });

  const mount = (value: number) =>
    renderHook(({ v }) => useCountUp(v), { initialProps: { v: value } });

  it('counts a rise up over about 600 ms', () => {
    const { result, rerender } = mount(100);
    expect(result.current).toBe(100);
    rerender({ v: 200 });
    act(() => vi.advanceTimersByTime(COUNT_UP_MS / 2));
    expect(result.current).toBeGreaterThan(100);
    expect(result.current).toBeLessThan(200);
    act(() => vi.advanceTimersByTime(COUNT_UP_MS));
    expect(result.current).toBe(200);
  });

  it('shows a fall (a level won) at once', () => {
    const { result, rerender } = mount(900);
    rerender({ v: 50 });
    act(() => vi.advanceTimersByTime(20));
    expect(result.current).toBe(50);
  });

  it('respects prefers-reduced-motion', () => {
    window.matchMedia = ((query: string) =>
      ({ matches: query.includes('reduce') }) as MediaQueryList) as typeof window.matchMedia;
    const { result, rerender } = mount(100);
    rerender({ v: 200 });
    act(() => vi.advanceTimersByTime(20));
    expect(result.current).toBe(200);
  });
});
