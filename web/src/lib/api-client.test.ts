import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, api, apiBaseUrl } from './api-client';
import { browser } from './browser';
import {
  FINGERPRINT_WAIT_MS,
  localFingerprint,
  quickFingerprint,
  markFingerprintPending,
  resetFingerprintMemory,
  setFingerprint,
} from './fingerprint-store';
import { setCurrentLanguage } from './language';
import { onSessionReset, resetSession, setAuthData, setLogoutNavigator } from './session-store';
import { notify } from './toast';

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
  vi.spyOn(notify, 'error').mockResolvedValue(0);
  vi.spyOn(notify, 'success').mockResolvedValue(0);
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

  it('never sends an empty x-fingerprint: without one it sends the locally computed one', async () => {
    resetFingerprintMemory();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: null, data: null }));
    await api.get('cms/grouped');
    expect(lastRequest().headers['x-fingerprint']).toBe(localFingerprint());
    expect(localFingerprint()).toMatch(/^[0-9a-f]{28}$/);
  });

  it('waits for a pending fingerprint and sends it (the first visit)', async () => {
    resetFingerprintMemory();
    markFingerprintPending();
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: true, message: null, data: null }),
    );
    const bootstrap = api.get('cms/grouped');
    const login = api.post('auth/login', { username: 'ali', password: 'x' });
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    setFingerprint('fp-collected');
    await Promise.all([bootstrap, login]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const [, init] of fetchMock.mock.calls) {
      expect((init?.headers as Record<string, string>)['x-fingerprint']).toBe('fp-collected');
    }
  });

  it('sends the local fingerprint when the pending one takes too long, and keeps it', async () => {
    vi.useFakeTimers();
    resetFingerprintMemory();
    markFingerprintPending();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: null, data: null }));
    const call = api.get('cms/grouped');
    await vi.advanceTimersByTimeAsync(FINGERPRINT_WAIT_MS);
    await call;
    expect(lastRequest().headers['x-fingerprint']).toBe(localFingerprint());
    expect(window.localStorage.getItem('fingerprint')).toBe(localFingerprint());
  });

  it("the collector's own call does not wait: it carries the traits' hash, drawing nothing", async () => {
    resetFingerprintMemory();
    markFingerprintPending();
    const draw = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: null, data: 'x' }));
    await api.get('cms/coveryjs', { fingerprint: 'local' });
    expect(lastRequest().headers['x-fingerprint']).toBe(quickFingerprint());
    expect(quickFingerprint()).toMatch(/^[0-9a-f]{28}$/);
    expect(draw).not.toHaveBeenCalled();
    draw.mockRestore();
    setFingerprint('fp-abc');
  });

  it('omits Authorization without a token and defaults x-locale to tr', async () => {
    resetSession();
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

  it("resolves with the data and the server's message of a success", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'Kaydedildi', data: 7 }));
    await expect(api.get('x', { schema: z.number() })).resolves.toEqual({
      data: 7,
      message: 'Kaydedildi',
      status: 200,
    });
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('throws an ApiError with the message of a non-2xx envelope as is, and shows nothing', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'İçerik bulunamadı', data: null }, 404),
    );
    const error = await api.get('cms/content/999').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'İçerik bulunamadı', fieldErrors: {} });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('throws on success false even with HTTP 200', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Yetersiz', data: null }));
    await expect(api.post('x', {})).rejects.toMatchObject({ status: 200, message: 'Yetersiz' });
  });

  it('carries the field a 422 names as a field error', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, message: 'Bu kullanıcı adı alınmış.', data: { field: 'username' } },
        422,
      ),
    );
    const error = await api.post('auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fieldErrors).toEqual({ username: 'Bu kullanıcı adı alınmış.' });
    expect((error as ApiError).field).toBe('username');
  });

  it('throws when the data does not have the expected shape', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: null, data: { n: 'x' } }));
    await expect(api.get('x', { schema: z.object({ n: z.number() }) })).rejects.toMatchObject({
      message: 'Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.',
    });
  });

  it('turns a network failure into an ApiError with a translated message and status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('cms/grouped').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toMatch(/Sunucuya ulaşılamadı/);
  });

  it('on 401 clears storage (but the language), goes to / and reloads after 300 ms', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const navigate = vi.fn();
    setLogoutNavigator(navigate);
    const reset = vi.fn();
    const off = onSessionReset(reset);
    setAuthData({ token: 'tok-1' });
    window.localStorage.setItem('lang', 'en');
    window.sessionStorage.setItem('x', '1');
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'Unauthorized', data: null }, 401),
    );

    await expect(api.get('user/balance')).rejects.toMatchObject({ status: 401 });

    expect({ ...window.localStorage }).toEqual({ lang: 'en' });
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
