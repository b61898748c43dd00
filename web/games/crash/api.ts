/**
 * Kasa Aviator's calls under /games/api/crash/ (the crash contract), with the studio client's
 * session, language and errors (ApiError with the server's message, NetworkError without an answer).
 */
import type { GameApi } from '../kit/api';
import type { BetData, CashoutData, CrashVerifyData, StateData } from './types';

export class CrashApi {
  constructor(private readonly game: GameApi) {}

  get sessionToken(): string {
    return this.game.sessionToken;
  }

  /** A call under /games/api/crash/, never from the browser's cache (the round moves on). */
  private call<T>(method: 'GET' | 'POST', path: string, body?: unknown, auth = true): Promise<T> {
    return this.game.call<T>(method, `crash/${path}`, body, { auth, cache: 'no-store' });
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
