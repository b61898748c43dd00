import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { setFingerprint } from '@/lib/fingerprint-store';
import { LOGOUT_RELOAD_MS, resetSession } from '@/lib/session-store';
import {
  HUB_KEEPALIVE_MS,
  HUB_RECONNECT_DELAYS_MS,
  HUB_SERVER_TIMEOUT_MS,
  bindHubToSession,
  createHubConnection,
  createReconnectPolicy,
  dispatchHubCommand,
  hubUrl,
  onHubCommand,
} from './hub';

const retry = (policy: ReturnType<typeof createReconnectPolicy>, previousRetryCount: number) =>
  policy.nextRetryDelayInMilliseconds({
    previousRetryCount,
    elapsedMilliseconds: 0,
    retryReason: new Error('drop'),
  });

describe('hub url', () => {
  afterEach(() => {
    document.head.querySelectorAll('base').forEach((b) => b.remove());
    window.history.pushState(null, '', '/');
  });

  it('resolves ./hub/frnotify against the site root from a deep route', () => {
    const base = document.createElement('base');
    base.href = '/';
    document.head.appendChild(base);
    window.history.pushState(null, '', '/dashboard/deposit');
    setFingerprint('fp-123');
    const url = new URL(hubUrl());
    expect(url.origin).toBe(window.location.origin);
    expect(url.pathname).toBe('/hub/frnotify');
    expect(url.searchParams.get('fingerprint')).toBe('fp-123');
  });

  it('uses the origin when the page has no <base>', () => {
    window.history.pushState(null, '', '/casino/play/abc');
    expect(new URL(hubUrl('x')).pathname).toBe('/hub/frnotify');
  });

  it('joins a given base and encodes the fingerprint', () => {
    expect(hubUrl('a b&c', 'https://kasa.example/dashboard/deposit/')).toBe(
      'https://kasa.example/dashboard/deposit/hub/frnotify?fingerprint=a+b%26c',
    );
    expect(hubUrl(null, 'https://kasa.example/')).toBe(
      'https://kasa.example/hub/frnotify?fingerprint=',
    );
  });
});

describe('reconnect policy and timeouts', () => {
  it('retries after 0, 2, 10 and 30 seconds, then gives up', () => {
    const policy = createReconnectPolicy();
    expect([0, 1, 2, 3, 4].map((n) => retry(policy, n))).toEqual([0, 2000, 10000, 30000, null]);
    expect(HUB_RECONNECT_DELAYS_MS).toEqual([0, 2000, 10000, 30000]);
  });

  it('builds the connection with a 15 s keepalive and a 30 s server timeout', async () => {
    const connection = await createHubConnection(() => 'token', 'http://localhost/hub/frnotify');
    expect(connection.keepAliveIntervalInMilliseconds).toBe(HUB_KEEPALIVE_MS);
    expect(connection.serverTimeoutInMilliseconds).toBe(HUB_SERVER_TIMEOUT_MS);
    expect(HUB_KEEPALIVE_MS).toBe(15000);
    expect(HUB_SERVER_TIMEOUT_MS).toBe(30000);
  });
});

describe('commands', () => {
  it('hands a push to the listeners of its command, case-insensitively', () => {
    const exit = vi.fn();
    const note = vi.fn();
    const offExit = onHubCommand('exit', exit);
    const offNote = onHubCommand('Notification', note);
    dispatchHubCommand('Notification', '{"id":1}');
    dispatchHubCommand('EXIT', 'operator');
    expect(note).toHaveBeenCalledWith('{"id":1}');
    expect(exit).toHaveBeenCalledWith('operator');
    offExit();
    dispatchHubCommand('exit', 'logout');
    expect(exit).toHaveBeenCalledTimes(1);
    offNote();
  });

  it('keeps going when one listener throws', () => {
    const good = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const offBad = onHubCommand('Balance', () => {
      throw new Error('boom');
    });
    const offGood = onHubCommand('Balance', good);
    dispatchHubCommand('Balance', '{}');
    expect(good).toHaveBeenCalled();
    offBad();
    offGood();
    warn.mockRestore();
  });
});

describe('the connection follows the session', () => {
  it("turns 'exit' into the local logout while bound, and stops listening when unbound", () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    resetSession();
    const unbind = bindHubToSession();
    window.localStorage.setItem('topNotifyRead', 'yes');
    dispatchHubCommand('exit', 'operator');
    expect(window.localStorage.length).toBe(0);
    vi.advanceTimersByTime(LOGOUT_RELOAD_MS);
    expect(reload).toHaveBeenCalledTimes(1);

    unbind();
    window.localStorage.setItem('topNotifyRead', 'yes');
    dispatchHubCommand('exit', 'operator');
    expect(window.localStorage.getItem('topNotifyRead')).toBe('yes');
    reload.mockRestore();
    vi.useRealTimers();
  });
});
