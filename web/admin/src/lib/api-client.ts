import type { z } from 'zod';
import { envelopeOf } from '@shared/api/envelope';
import { endSession, getToken } from './session';

/**
 * The back office's API client: `/admin/api/` plus the call's path, with the staff token as
 * `Authorization: Bearer`. Every answer is the site's envelope `{ success, message, data }`
 * (read by web/shared's `envelopeOf`); a failure of any kind (an envelope with `success: false`,
 * an HTTP error, an unreachable server, data of the wrong shape) throws an `ApiError`, so a failed
 * call never looks like a success. A 401 ends the session (the app goes back to sign-in), except
 * on the sign-in calls themselves, where it means a wrong password or code.
 */

export const API_ROOT = '/admin/api/';

/** A failed call: its HTTP status (0: no answer), the server's message and the envelope's data. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(message: string, status: number, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

/** A successful call: its data and the server's message, if it sent one. */
export interface ApiResponse<T> {
  data: T;
  message: string | null;
}

type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  /** Query parameters. */
  params?: Params;
  /** Checks the envelope's data. */
  schema?: z.ZodType<T>;
  /** false: a 401 is the call's own answer (a wrong password), not the end of the session. */
  endsSessionOn401?: boolean;
  signal?: AbortSignal;
}

/** A call's address: the API root, the path and its query. */
export function apiUrl(path: string, params?: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return `${API_ROOT}${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

const UNREACHABLE = 'The server could not be reached. Check the connection and try again.';
const UNEXPECTED = 'The server sent an answer this page cannot read. Try again.';
export const SESSION_ENDED = 'Your session has ended. Sign in again.';

async function send(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: unknown,
  options: RequestOptions<unknown>,
  accept: string,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, 'x-locale': 'en' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(apiUrl(path, options.params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(UNREACHABLE, 0);
  }
}

/** A refused call's error (a 401 ends the session first, unless the call says otherwise). */
async function failure(response: Response, options: RequestOptions<unknown>): Promise<ApiError> {
  let message: string | null = null;
  let data: unknown = null;
  try {
    const envelope = envelopeOf(await response.json());
    message = envelope?.message ?? null;
    data = envelope?.data ?? null;
  } catch {
    // Not JSON (a proxy's page): the status speaks.
  }
  if (response.status === 401 && options.endsSessionOn401 !== false) {
    endSession('expired');
    return new ApiError(SESSION_ENDED, 401, data);
  }
  return new ApiError(
    message || `The call failed (HTTP ${response.status}).`,
    response.status,
    data,
  );
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: unknown,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const opts = options as RequestOptions<unknown>;
  const response = await send(method, path, body, opts, 'application/json');
  if (!response.ok) throw await failure(response, opts);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(UNEXPECTED, response.status);
  }
  const envelope = envelopeOf(json);
  if (!envelope) throw new ApiError(UNEXPECTED, response.status);
  if (!envelope.success) {
    throw new ApiError(envelope.message || UNEXPECTED, response.status, envelope.data);
  }
  if (!options.schema) return { data: envelope.data as T, message: envelope.message };
  const checked = options.schema.safeParse(envelope.data);
  if (!checked.success) {
    if (import.meta.env.DEV) console.warn(`/admin/api/${path}:`, checked.error);
    throw new ApiError(UNEXPECTED, response.status, envelope.data);
  }
  return { data: checked.data, message: envelope.message };
}

/** A file the API answers as itself (a document's image, the audit log's CSV), with the token. */
async function file(path: string, options: RequestOptions<unknown> = {}): Promise<Blob> {
  const response = await send('GET', path, undefined, options, '*/*');
  if (!response.ok) throw await failure(response, options);
  return response.blob();
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) =>
    request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown = {}, options?: RequestOptions<T>) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, body, options),
  file,
};

/** The message to show for a failed call. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}
