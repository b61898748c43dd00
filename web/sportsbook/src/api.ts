import type {
  BetView,
  EventView,
  MarketView,
  PlacedBet,
  PriceNow,
  SelectionView,
} from '../../src/lib/api/generated/types.gen';
import type { Params } from './params';

export type { BetView, EventView, MarketView, PlacedBet, PriceNow, SelectionView };
export type BetLeg = BetView['legs'][number];

export interface BookBalance {
  balance: number;
  realBalance: number;
  bonusBalance: number;
}

export type Sport = 'football' | 'basketball' | 'tennis' | 'volleyball';
export const SPORTS: Sport[] = ['football', 'basketball', 'tennis', 'volleyball'];

/** The server's envelope: `success`, `message` (in the caller's language) and `data`. */
export interface Answer<T> {
  ok: boolean;
  status: number;
  message: string | null;
  data: T | null;
}

export interface Api {
  get<T>(path: string): Promise<Answer<T>>;
  post<T>(path: string, body: unknown): Promise<Answer<T>>;
}

/** Calls `/api/...` with the language and, when there is one, the player's token. */
export function makeApi(params: Params): Api {
  const headers: Record<string, string> = { 'x-locale': params.lang, accept: 'application/json' };
  if (params.token) headers.authorization = `Bearer ${params.token}`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const res = await fetch(`/api${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let json: { success?: boolean; message?: string | null; data?: T } = {};
    try {
      json = (await res.json()) as typeof json;
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    return {
      ok: res.ok && json.success !== false,
      status: res.status,
      message: json.message ?? null,
      data: json.data ?? null,
    };
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
  };
}

/** The price a selection is bet at in this view: the High Rate one when the view boosts it. */
export function priceOf(s: SelectionView, highRate: boolean): number {
  return highRate && s.boosted != null ? s.boosted : s.price;
}
