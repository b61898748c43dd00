/**
 * Kasa Aviator's calls under /games/api/crash/ (the crash contract), with the studio client's
 * session, language and errors (ApiError with the server's message, NetworkError without an answer).
 */
import { ApiError, NetworkError, type GameApi } from '../api';
import type { BetData, CashoutData, CrashVerifyData, StateData } from './types';

interface Envelope<T> {
  success?: boolean;
  message?: string | null;
  data?: T;
}

export class CrashApi {
  constructor(private readonly game: GameApi) {}

  get sessionToken(): string {
    return this.game.sessionToken;
  }

  private async call<T>(method: string, path: string, body?: unknown, auth = true): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'x-locale': this.game.lang,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (auth && this.game.sessionToken) headers.Authorization = `Bearer ${this.game.sessionToken}`;
    let response: Response;
    try {
      response = await fetch(`/games/api/crash/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        cache: 'no-store',
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

  state(): Promise<StateData> {
    return this.call('GET', 'state');
  }

  bet(slot: number, amount: number, autoCashOut: number | null): Promise<BetData> {
    return this.call('POST', 'bet', { slot, amount, autoCashOut });
  }

  cashout(slot: number): Promise<CashoutData> {
    return this.call('POST', 'cashout', { slot });
  }

  verify(hash: string): Promise<CrashVerifyData> {
    return this.call('POST', 'verify', { hash }, false);
  }

  /** The live feed's address (ws: or wss: as the page). */
  feedUrl(): string {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}/games/api/crash/feed?token=${encodeURIComponent(this.sessionToken)}`;
  }
}
