/**
 * The studio's game API under /games/api/ (envelope {success, message, data}, as the site's API).
 * A refused call throws ApiError with the server's message (already in the player's language);
 * a call that never got an answer throws NetworkError. reportFailure shows either on a game's page.
 */
import type { Lang } from './i18n';
import type { Outcome, RoundData, SeedData, SessionData, SpinData, VerifyData } from './types';

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

export class NetworkError extends Error {}

interface Envelope<T> {
  success?: boolean;
  message?: string | null;
  data?: T;
}

export class GameApi {
  sessionToken = '';

  constructor(readonly lang: Lang) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      // The server writes its messages in the language of x-locale.
      'x-locale': this.lang,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.sessionToken) headers.Authorization = `Bearer ${this.sessionToken}`;
    let response: Response;
    try {
      response = await fetch(`/games/api/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      throw new NetworkError('network');
    }
    let envelope: Envelope<T> | null;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = null;
    }
    if (!response.ok || !envelope || envelope.success === false) {
      throw new ApiError(
        envelope?.message || `HTTP ${response.status}`,
        response.status,
        envelope?.data,
      );
    }
    return envelope.data as T;
  }

  session<S = SessionData>(token: string): Promise<S> {
    return this.call('POST', 'session', { token });
  }

  spin(bet: number): Promise<SpinData> {
    return this.spinAs<SpinData>(bet);
  }

  /** A spin whose answer has a slot's own shape (the ways slot's outcome). */
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

  async rounds<O = Outcome>(take = 20): Promise<RoundData<O>[]> {
    const data = await this.call<RoundData<O>[] | { items: RoundData<O>[] }>(
      'GET',
      `rounds?take=${take}`,
    );
    return Array.isArray(data) ? data : (data?.items ?? []);
  }

  verify<O = Outcome>(
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
