import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from './browser';
import {
  LOGOUT_RELOAD_MS,
  logoutLocally,
  onSessionReset,
  setAuthData,
  setLogoutNavigator,
} from './session-store';
import { STORAGE_KEYS } from './storage';

describe('a logout (issue 30)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("clears the storage but the player's language and the popup memory, then reloads", () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const reset = vi.fn();
    const off = onSessionReset(reset);
    setAuthData({ token: 't' });
    localStorage.setItem(STORAGE_KEYS.lang, 'en');
    localStorage.setItem(STORAGE_KEYS.popupSeen, '["/promotions",["/en/a.webp"]]');
    localStorage.setItem(STORAGE_KEYS.popupSeenIn, '[1,"/promotions","en"]');
    localStorage.setItem(STORAGE_KEYS.bootstrap, '{}');
    localStorage.setItem(STORAGE_KEYS.fingerprint, 'f');
    localStorage.setItem(STORAGE_KEYS.topNotifyRead, 'yes');
    sessionStorage.setItem('kasa:anything', 'x');

    logoutLocally();

    expect({ ...localStorage }).toEqual({
      lang: 'en',
      popupSeen: '["/promotions",["/en/a.webp"]]',
      popupSeenIn: '[1,"/promotions","en"]',
    });
    expect(sessionStorage.length).toBe(0);
    expect(reset).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LOGOUT_RELOAD_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    off();
  });

  it('reloads on the home page even when the router has not got there yet', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/dashboard/protection');
    let reloadedAt = '';
    vi.spyOn(browser, 'reload').mockImplementation(() => {
      reloadedAt = window.location.pathname;
    });
    // The router's navigation still loading its page: the URL has not moved yet.
    setLogoutNavigator(() => {});
    setAuthData({ token: 't' });

    logoutLocally('Your break has started.');
    expect(window.location.pathname).toBe('/dashboard/protection');
    vi.advanceTimersByTime(LOGOUT_RELOAD_MS);

    expect(reloadedAt).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.logoutNotice)).toBe('Your break has started.');
    setLogoutNavigator((to) => window.history.pushState(null, '', to));
  });

  it('leaves no language behind when none was chosen (the next page is Turkish)', () => {
    vi.useFakeTimers();
    vi.spyOn(browser, 'reload').mockImplementation(() => {});
    setAuthData({ token: 't' });

    logoutLocally();

    expect(localStorage.length).toBe(0);
    vi.advanceTimersByTime(LOGOUT_RELOAD_MS);
  });
});
