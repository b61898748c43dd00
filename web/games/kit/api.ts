/**
 * The studio's game API under /games/api/ (envelope {success, message, data}, as the site's API).
 * A refused call throws ApiError with the server's message (already in the player's language);
 * a call that never got an answer throws NetworkError. reportFailure shows either on a game's page.
 */
import { callApi, NetworkError } from '@shared/api/envelope';
import type { Lang } from './i18n';
import type { RoundData, SeedData, VerifyData } from './types';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's data (a refused spin carries the balance). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export { NetworkError };

/** How a call goes out beyond its method, path and body. */
export interface CallOptions {
  /** Send the session's token (true unless the call is open to anyone). */
  auth?: boolean;
  cache?: RequestCache;
}

export class GameApi {
  sessionToken = '';

  constructor(readonly lang: Lang) {}

  /** A call under /games/api/ (`path` without it): the answer's data, or ApiError / NetworkError. */
  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<T> {
    const answer = await callApi<T>({
      method,
      url: `/games/api/${path}`,
      lang: this.lang,
      token: options.auth === false ? null : this.sessionToken,
      body,
      cache: options.cache,
    });
    if (!answer.ok) {
      throw new ApiError(
        answer.message || `HTTP ${answer.status}`,
        answer.status,
        answer.data ?? undefined,
      );
    }
    return answer.data as T;
  }

  session<S>(token: string): Promise<S> {
    return this.call('POST', 'session', { token });
  }

  /** A slot's spin: its answer has the slot's own shape (the ways slot's outcome is not the slot's). */
  spinAs<D>(bet: number): Promise<D> {
    return this.call('POST', 'spin', { bet });
  }

  /** A table game's round: its stakes (kurus). */
  play<P>(stakes: { kind: string; numbers: number[]; amount: number }[]): Promise<P> {
    return this.call('POST', 'play', { stakes });
  }

  /** Kasa Blackjack: the open hand's view, or null when no hand is open. */
  blackjack<V>(): Promise<V | null> {
    return this.call('GET', 'blackjack');
  }

  /** Kasa Blackjack: a new hand with this bet (kurus). */
  blackjackDeal<V>(bet: number): Promise<V> {
    return this.call('POST', 'blackjack/deal', { bet });
  }

  /** Kasa Blackjack: a move in the open hand ('hit', 'stand', 'double', 'split'). */
  blackjackAct<V>(roundId: string, action: string): Promise<V> {
    return this.call('POST', 'blackjack/act', { roundId, action });
  }

  /** Changes the seed: the next server seed (its hash shown before) with this client seed. */
  seed(clientSeed: string, nextServerSeedHash?: string): Promise<SeedData> {
    return this.call('POST', 'seed', { clientSeed, nextServerSeedHash });
  }

  async rounds<O = unknown>(take = 20): Promise<RoundData<O>[]> {
    const data = await this.call<RoundData<O>[] | { items: RoundData<O>[] }>(
      'GET',
      `rounds?take=${take}`,
    );
    return Array.isArray(data) ? data : (data?.items ?? []);
  }

  verify<O = unknown>(
    code: string,
    serverSeed: string,
    clientSeed: string,
    nonce: number,
  ): Promise<VerifyData<O>> {
    return this.call('POST', 'verify', { code, serverSeed, clientSeed, nonce });
  }
}

/** Where a game's page shows a failed call (see reportFailure). */
export interface FailureView {
  /** The page's root: a lost session is told to it (`session-lost`). */
  root: HTMLElement;
  /** The message for a call that was never answered. */
  networkError: string;
  /** Shows an error message. */
  error(text: string): void;
  /** Takes the balance (lira) a refused bet was refused for. */
  balance(lira: number): void;
}

/**
 * A failed call shown on the page: a lost session (401) ends the page; otherwise the server's
 * message (the network's when there was no answer), after the balance a refused bet carries.
 */
export function reportFailure(e: unknown, view: FailureView): void {
  if (e instanceof NetworkError) view.error(view.networkError);
  else if (e instanceof ApiError && e.status === 401) {
    view.root.dispatchEvent(new CustomEvent('session-lost'));
  } else {
    // A refused bet carries the balance it was refused for.
    const balance =
      e instanceof ApiError ? (e.data as { balance?: unknown } | undefined)?.balance : undefined;
    if (typeof balance === 'number') view.balance(balance);
    view.error(e instanceof ApiError ? e.message : view.networkError);
  }
}

/** SHA-256 of a text as hex, in the browser (null where crypto.subtle is missing: plain http). */
export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
