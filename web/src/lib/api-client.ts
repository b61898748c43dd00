import * as z from 'zod/mini';
import { callApi, NetworkError, type Answer } from '@shared/api/envelope';
import {
  getFingerprint,
  isFingerprintPending,
  localFingerprint,
  quickFingerprint,
  whenFingerprint,
} from './fingerprint-store';
import { translate } from './i18n';
import { getCurrentLanguage } from './language';
import { getToken, logoutLocally } from './session-store';

/**
 * The API client (spec section 7): ./api/ plus the endpoint, with the Authorization, x-locale and
 * x-fingerprint headers, through the envelope client the three apps share
 * (shared/api/envelope.ts). It throws: an envelope with success false, an HTTP error, an
 * unreachable server or data of the wrong shape become an `ApiError`, so a failed call can never
 * look like a success. It shows nothing itself: the query client (lib/react-query) turns failed actions into
 * toasts, and forms put field errors beside their fields.
 */

/** A successful call: its data and the server's message (shown as a success toast where asked). */
export type ApiResponse<T> = { data: T; message: string | null; status: number };

/** A field error's data: the payload key the server names (HTTP 422, or 409 for a clash). */
const fieldErrorSchema = z.object({ field: z.string().check(z.minLength(1)) });

export type RequestOptions<T> = {
  /** Query parameters (GET). */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** Validates `data` of a successful envelope. */
  schema?: z.ZodMiniType<T>;
  signal?: AbortSignal;
  /**
   * While the visitor's fingerprint is not known yet, a call waits for it ('wait', the default);
   * the fingerprint collector's own call sends a hash of the traits that cost nothing instead ('local').
   */
  fingerprint?: 'wait' | 'local';
};

/** A failed call: the HTTP status (0 when the server was not reached), the server's message,
 * the field errors it named (payload key → message) and the envelope's data (a closed account's
 * end, say). */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Readonly<Record<string, string>>;
  readonly data: unknown;
  constructor(
    message: string,
    status: number,
    fieldErrors: Record<string, string> = {},
    data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.data = data;
  }

  /** The (first) payload key the server named, if it named one. */
  get field(): string | undefined {
    return Object.keys(this.fieldErrors)[0];
  }
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

/**
 * The `x-fingerprint` of a call: the known one; while it is being determined, the one awaited
 * (for the collector's own call, a hash of the traits that cost nothing to read); else the locally computed one. Synchronous
 * unless it has to wait, so a call goes out in the same tick.
 */
export function requestFingerprint(mode: 'wait' | 'local' = 'wait'): string | Promise<string> {
  const known = getFingerprint();
  if (known) return known;
  if (mode === 'local') return quickFingerprint();
  if (!isFingerprintPending()) return localFingerprint();
  return whenFingerprint();
}

function fieldErrorsOf(data: unknown, message: string): Record<string, string> {
  const parsed = fieldErrorSchema.safeParse(data);
  return parsed.success ? { [parsed.data.field]: message } : {};
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const pendingFingerprint = requestFingerprint(options.fingerprint);
  const fingerprint =
    typeof pendingFingerprint === 'string' ? pendingFingerprint : await pendingFingerprint;
  let answer: Answer<unknown>;
  try {
    answer = await callApi({
      method,
      url: buildUrl(path, method === 'GET' ? options.params : undefined),
      lang: getCurrentLanguage() || 'tr',
      token: getToken(),
      headers: { 'x-fingerprint': fingerprint },
      body: method === 'POST' ? (body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof NetworkError) throw new ApiError(translate('errors.network'), 0);
    throw error;
  }

  // A 401 on any call logs the player out (spec sections 7 and 8).
  if (answer.status === 401) {
    logoutLocally();
    throw new ApiError(translate('errors.sessionExpired'), 401);
  }

  if (!answer.enveloped) throw new ApiError(translate('errors.unexpected'), answer.status);
  const { message } = answer;
  if (!answer.ok) {
    // Other error messages pass through unchanged.
    const text = message || translate('errors.unexpected');
    throw new ApiError(text, answer.status, fieldErrorsOf(answer.data, text), answer.data);
  }

  let data = answer.data as T;
  if (options.schema) {
    const checked = options.schema.safeParse(answer.data);
    if (!checked.success) {
      if (import.meta.env.DEV) console.warn(`Unexpected data from ${path}`, checked.error);
      throw new ApiError(translate('errors.unexpected'), answer.status);
    }
    data = checked.data;
  }
  return { data, message, status: answer.status };
}

export const api = {
  get<T = unknown>(path: string, options?: RequestOptions<T>) {
    return request<T>('GET', path, undefined, options);
  },
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) {
    return request<T>('POST', path, body, options);
  },
};
