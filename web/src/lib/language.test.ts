import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from './browser';
import { changeLanguage, resolveLanguage } from './language';

describe('language rule', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('uses the stored language only if it is available', () => {
    expect(resolveLanguage('en', ['tr', 'en'])).toBe('en');
    expect(resolveLanguage('de', ['tr', 'en'])).toBe('tr');
    expect(resolveLanguage('en', ['tr'])).toBe('tr');
    expect(resolveLanguage(null, ['tr', 'en'])).toBe('tr');
    expect(resolveLanguage('', ['tr', 'en'])).toBe('tr');
  });

  it('stores a new language and reloads 100 ms later', () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    changeLanguage('en');
    expect(window.localStorage.getItem('lang')).toBe('en');
    vi.advanceTimersByTime(99);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
