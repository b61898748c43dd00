import { z } from 'zod';
import { getToken } from './auth';
import { browser } from './browser';
import { getFingerprint } from './fingerprint-store';
import { translate } from './i18n';
import { getCurrentLanguage } from './language';
import { clearAllStorage } from './storage';
import { notify } from './toast';

/** The response envelope of every /api/ call (spec section 3). */
export type Envelope<T> = { success: boolean; message: string | null; data: T | null };

/** What a call answers: the envelope, the HTTP status and, for a field error (422) or a clash
 * (409), the payload key the server named in `data.field`. */
export type ApiResult<T> = Envelope<T> & { status: number; field?: string };

const envelopeSchema = z.object({
  success: z.boolean(),
  message: z.string().nullish(),
  data: z.unknown().optional(),
});

export type RequestOptions<T> = {
  /** Query parameters (GET). */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** Validates `data` of a successful envelope. */
  schema?: z.ZodType<T>;
  /** Show the server's message as an error toast when success is false (default true). */
  toastError?: boolean;
  /** Show the server's message as a success toast when success is true (default false). */
  toastSuccess?: boolean;
  signal?: AbortSignal;
};

/** Thrown by `unwrap` for a failed call, so TanStack Query sees an error. */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export const LOGOUT_RELOAD_MS = 300;

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.history.pushState(null, '', to);
const resetCallbacks = new Set<() => void>();

/** The router registers its navigate function here. */
export function setApiNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

/** App state that must be reset when the session ends. */
export function onSessionReset(callback: () => void): () => void {
  resetCallbacks.add(callback);
  return () => resetCallbacks.delete(callback);
}

let loggingOut = false;

/**
 * Logout without a server call (also what a 401 does): clear local and session storage,
 * go to '/', reset the state and reload the page after 300 ms.
 */
export function logoutLocally(): void {
  if (loggingOut) return;
  loggingOut = true;
  clearAllStorage();
  try {
    navigateTo('/');
  } catch {
    /* navigation is best effort: the reload follows anyway */
  }
  resetCallbacks.forEach((cb) => cb());
  window.setTimeout(() => {
    loggingOut = false;
    browser.reload();
  }, LOGOUT_RELOAD_MS);
}

/**
 * The API root: ./api/ resolved against the document base, which is the site root (index.html
 * has <base href="/">), so a call from /dashboard/deposit still goes to /api/…. Without a <base>
 * element the site root is used directly.
 */
export function apiBaseUrl(): string {
  const base = document.querySelector('base[href]')
    ? document.baseURI
    : `${window.location.origin}/`;
  return new URL('api/', base).toString();
}

export function buildUrl(path: string, params?: RequestOptions<unknown>['params']): string {
  const url = new URL(path.replace(/^\/+/, ''), apiBaseUrl());
  if (params) {
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
  }
  return url.toString();
}

export function buildHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'x-locale': getCurrentLanguage() || 'tr',
    'x-fingerprint': getFingerprint() ?? '',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (hasBody) headers['Content-Type'] = 'application/json';
  return headers;
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: RequestOptions<T> = {},
): Promise<ApiResult<T>> {
  const { toastError = true, toastSuccess = false } = options;
  const fail = (message: string, status: number, field?: string): ApiResult<T> => {
    if (toastError) notify.error(message);
    return field
      ? { success: false, message, data: null, status, field }
      : { success: false, message, data: null, status };
  };

  let response: Response;
  try {
    response = await fetch(buildUrl(path, method === 'GET' ? options.params : undefined), {
      method,
      headers: buildHeaders(method === 'POST'),
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return fail(translate('errors.network'), 0);
  }

  if (response.status === 401) {
    logoutLocally();
    return { success: false, message: translate('errors.sessionExpired'), data: null, status: 401 };
  }

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return fail(translate('errors.unexpected'), response.status);
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) return fail(translate('errors.unexpected'), response.status);

  const { success, message } = parsed.data;
  if (!success || !response.ok) {
    const errorData = parsed.data.data;
    const field =
      errorData && typeof errorData === 'object' && 'field' in errorData
        ? String((errorData as { field: unknown }).field)
        : undefined;
    return fail(message || translate('errors.unexpected'), response.status, field);
  }

  let data = (parsed.data.data ?? null) as T | null;
  if (options.schema) {
    const checked = options.schema.safeParse(parsed.data.data);
    if (!checked.success) {
      if (import.meta.env.DEV) console.warn(`Unexpected data from ${path}`, checked.error);
      return fail(translate('errors.unexpected'), response.status);
    }
    data = checked.data;
  }
  if (toastSuccess && message) notify.success(message);
  return { success: true, message: message ?? null, data, status: response.status };
}

export const api = {
  get<T = unknown>(path: string, options?: RequestOptions<T>) {
    return request<T>('GET', path, undefined, options);
  },
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) {
    return request<T>('POST', path, body, options);
  },
};

/** The data of a successful envelope, or an ApiError for TanStack Query. */
export function unwrap<T>(envelope: Envelope<T> & { status?: number }): T {
  if (!envelope.success || envelope.data == null) {
    throw new ApiError(envelope.message ?? translate('errors.unexpected'), envelope.status ?? 0);
  }
  return envelope.data;
}
