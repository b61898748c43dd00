/**
 * The envelope client: one call to the server's JSON API (`/api/…` for the site and the
 * sportsbook frame, `/games/api/…` for the games), which answers every call with the envelope
 * `{ success, message, data }` (spec section 3), the message in the language of `x-locale`. Each
 * app decides what a failure means to it (the site throws its `ApiError` and logs out on a 401,
 * the sportsbook shows the message, a game ends its page on a lost session); this reads the answer
 * the same way for all three.
 */

/** The response envelope of every call. */
export type Envelope<T> = { success: boolean; message: string | null; data: T | null };

/** An answer: its HTTP status and what its envelope said. */
export interface Answer<T> {
  /** A 2xx status and an envelope with `success: true`. */
  ok: boolean;
  status: number;
  /** Whether the body was an envelope at all (not, say, a proxy's error page). */
  enveloped: boolean;
  message: string | null;
  data: T | null;
}

/** The server was not reached (no answer at all). An aborted call rejects with its AbortError. */
export class NetworkError extends Error {
  constructor() {
    super('network');
    this.name = 'NetworkError';
  }
}

export interface Call {
  method: 'GET' | 'POST';
  /** The call's address (`/api/…`, `/games/api/…`, or a whole URL). */
  url: string;
  /** The player's language: the server writes its messages in it. */
  lang: string;
  /** The bearer token, when there is one. */
  token?: string | null;
  /** JSON to send (none when undefined), or a FormData sent as multipart/form-data. */
  body?: unknown;
  /** More headers (the site's fingerprint). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  cache?: RequestCache;
}

/** The body as an envelope: `success` a boolean, `message` a string or null; else null. */
export function envelopeOf(json: unknown): Envelope<unknown> | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const { success, message, data } = json as Record<string, unknown>;
  if (typeof success !== 'boolean') return null;
  if (message !== undefined && message !== null && typeof message !== 'string') return null;
  return { success, message: message ?? null, data: data ?? null };
}

/** Makes the call and reads its envelope. Throws only when no answer came (`NetworkError`). */
export async function callApi<T>(call: Call): Promise<Answer<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'x-locale': call.lang,
    ...call.headers,
  };
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  // A form (a file upload) goes as multipart/form-data: the browser writes its Content-Type.
  const form = typeof FormData !== 'undefined' && call.body instanceof FormData;
  if (call.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers,
      body:
        call.body === undefined
          ? undefined
          : form
            ? (call.body as FormData)
            : JSON.stringify(call.body),
      signal: call.signal,
      cache: call.cache,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  let envelope: Envelope<unknown> | null;
  try {
    envelope = envelopeOf(await response.json());
  } catch {
    envelope = null;
  }
  return {
    ok: response.ok && envelope?.success === true,
    status: response.status,
    enveloped: envelope !== null,
    message: envelope?.message ?? null,
    data: (envelope?.data ?? null) as T | null,
  };
}
