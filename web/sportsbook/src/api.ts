import type {
  BetView,
  BookRules,
  EventView,
  LiveDelay,
  MarketView,
  PlacedBet,
  PriceNow,
  SelectionView,
} from '@shared/api/generated/types.gen';
import { callApi, type Answer } from '@shared/api/envelope';
import type { Params } from './params';

export type {
  BetView,
  BookRules,
  EventView,
  LiveDelay,
  MarketView,
  PlacedBet,
  PriceNow,
  SelectionView,
};
export type BetLeg = BetView['legs'][number];

export interface BookBalance {
  balance: number;
  realBalance: number;
  bonusBalance: number;
}

export type Sport = 'football' | 'basketball' | 'tennis' | 'volleyball';
export const SPORTS: Sport[] = ['football', 'basketball', 'tennis', 'volleyball'];

export interface Api {
  get<T>(path: string): Promise<Answer<T>>;
  post<T>(path: string, body: unknown): Promise<Answer<T>>;
}

/** Calls `/api/...` with the language and, when there is one, the player's token. */
export function makeApi(params: Params): Api {
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    callApi<T>({ method, url: `/api${path}`, lang: params.lang, token: params.token, body });
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
  };
}

/** The price a selection is bet at in this view: the High Rate one when the view boosts it. */
export function priceOf(s: SelectionView, highRate: boolean): number {
  return highRate && s.boosted != null ? s.boosted : s.price;
}
