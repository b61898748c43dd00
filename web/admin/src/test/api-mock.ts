import { vi } from 'vitest';

/**
 * The back office's API at the boundary: `fetch` answers from a table of `METHOD path` (the path
 * after /admin/api/, without its query) to handlers; a list of handlers answers in turn, its last
 * one from then on. Every call is recorded.
 */

export interface MockCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type Handler = (call: MockCall) => Response | Promise<Response>;

/** The site's envelope as a JSON response. */
export function envelope(success: boolean, message: string | null, data: unknown, status = 200) {
  return new Response(JSON.stringify({ success, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A successful envelope carrying `data`. */
export const ok = (data: unknown, message: string | null = null) => envelope(true, message, data);

/** A refused call with the server's message. */
export const refused = (status: number, message: string, data: unknown = null) =>
  envelope(false, message, data, status);

export function mockApi(routes: Record<string, Handler | Handler[]>) {
  const calls: MockCall[] = [];
  const used = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/admin\/api\//, '');
    const key = `${method} ${path}`;
    const call: MockCall = {
      method,
      path,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[key];
    if (!route) return refused(404, `No mock for ${key}`);
    if (!Array.isArray(route)) return route(call);
    const turn = used.get(key) ?? 0;
    used.set(key, turn + 1);
    return route[Math.min(turn, route.length - 1)](call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** The calls to `METHOD path`. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
