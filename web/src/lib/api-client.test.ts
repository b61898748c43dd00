import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiBaseUrl, onSessionReset, setApiNavigator, unwrap, ApiError } from './api-client';
import { setAuthData, authStore } from './auth';
import { browser } from './browser';
import { setFingerprint } from './fingerprint-store';
import { setCurrentLanguage } from './language';
import { notify } from './toast';
import { z } from 'zod';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notify, 'error').mockImplementation(() => 0);
  vi.spyOn(notify, 'success').mockImplementation(() => 0);
  setCurrentLanguage('tr');
  window.history.pushState(null, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.head.querySelectorAll('base').forEach((b) => b.remove());
});

function lastRequest() {
  const [url, init] = fetchMock.mock.calls[fetchMock.mock.calls.length - 1];
  return {
    url: String(url),
    init: init ?? {},
    headers: (init?.headers ?? {}) as Record<string, string>,
  };
}

describe('api client', () => {
  it('sends Authorization, x-locale and x-fingerprint headers', async () => {
    setAuthData({ token: 'tok-123', username: 'ali' });
    setFingerprint('fp-abc');
    setCurrentLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: null, data: { ok: 1 } }));

    await api.get('cms/grouped');

    const { headers } = lastRequest();
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers['x-locale']).toBe('en');
    expect(headers['x-fingerprint']).toBe('fp-abc');
  });

  it('omits Authorization without a token and defaults x-locale to tr', async () => {
    authStore.set({ isLoggedIn: false, authData: null, balance: 0, bettingAccess: false });
    setCurrentLanguage('');
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: null, data: null }));
    await api.get('cms/grouped');
    const { headers } = lastRequest();
    expect(headers.Authorization).toBeUndefined();
    expect(headers['x-locale']).toBe('tr');
  });

  it('resolves ./api/ against the site root from a deep route', async () => {
    const base = document.createElement('base');
    base.href = '/';
    document.head.prepend(base);
    window.history.pushState(null, '', '/dashboard/deposit');
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: null, data: null }));

    await api.get('cms/content/3', { params: { a: 1, b: undefined } });

    expect(lastRequest().url).toBe(`${window.location.origin}/api/cms/content/3?a=1`);
    expect(apiBaseUrl()).toBe(`${window.location.origin}/api/`);
  });

  it('uses the site root without a <base> element too', () => {
    window.history.pushState(null, '', '/pages/3');
    expect(apiBaseUrl()).toBe(`${window.location.origin}/api/`);
  });

  it('POSTs a JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: null, data: null }));
    await api.post('auth/login', { username: 'ali', password: 'secret' });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'ali', password: 'secret' });
  });

  it('reads the envelope of a non-2xx response and shows its message as is', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'İçerik bulunamadı', data: null }, 404),
    );
    const res = await api.get('cms/content/999');
    expect(res).toMatchObject({ success: false, message: 'İçerik bulunamadı', status: 404 });
    expect(notify.error).toHaveBeenCalledWith('İçerik bulunamadı');
    expect(() => unwrap(res)).toThrow(ApiError);
  });

  it('can stay silent on errors and toast success messages on request', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: 'nope', data: null }));
    await api.get('x', { toastError: false });
    expect(notify.error).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: true, message: 'Kaydedildi', data: 1 }),
    );
    await api.get('x', { toastSuccess: true });
    expect(notify.success).toHaveBeenCalledWith('Kaydedildi');
  });

  it('validates data with the given schema', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: null, data: { n: 'x' } }));
    const res = await api.get('x', { schema: z.object({ n: z.number() }), toastError: false });
    expect(res.success).toBe(false);
  });

  it('turns a network failure into a failed call with a translated message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const res = await api.get('cms/grouped');
    expect(res.success).toBe(false);
    expect(res.status).toBe(0);
    expect(res.message).toMatch(/Sunucuya ulaşılamadı/);
    expect(notify.error).toHaveBeenCalledWith(res.message);
  });

  it('on 401 clears storage, goes to / and reloads after 300 ms', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const navigate = vi.fn();
    setApiNavigator(navigate);
    const reset = vi.fn();
    const off = onSessionReset(reset);
    setAuthData({ token: 'tok-1' });
    window.localStorage.setItem('lang', 'en');
    window.sessionStorage.setItem('x', '1');
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'Unauthorized', data: null }, 401),
    );

    const res = await api.get('user/balance');

    expect(res.success).toBe(false);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(reset).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1); // no auth/logout call
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    off();
  });
});
