/**
 * The live feed (WebSocket /games/api/crash/feed): JSON messages from the server; when it drops,
 * it reconnects after a growing, jittered wait (0.5 s doubling to 10 s) and says so, so the game
 * can re-read the state.
 */
import type { FeedMsg } from './types';

/** The wait (ms) before reconnect attempt `attempt` (0-based), with ±20 % jitter from `random`. */
export function backoff(attempt: number, random = Math.random()): number {
  const base = Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random));
}

export interface FeedHandlers {
  message(msg: FeedMsg, receivedAt: number): void;
  /** Connected (again): `reconnected` is false the first time. */
  open(reconnected: boolean): void;
  /** Dropped; a new attempt follows. */
  lost(): void;
}

export class Feed {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private everOpen = false;
  private stopped = false;

  constructor(
    private readonly url: () => string,
    private readonly handlers: FeedHandlers,
  ) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
  }

  private connect(): void {
    if (this.stopped) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.attempt = 0;
      const again = this.everOpen;
      this.everOpen = true;
      this.handlers.open(again);
    };
    ws.onmessage = (e) => {
      if (typeof e.data !== 'string') return;
      let msg: FeedMsg;
      try {
        msg = JSON.parse(e.data) as FeedMsg;
      } catch {
        return;
      }
      if (msg && typeof msg === 'object' && 'type' in msg) this.handlers.message(msg, Date.now());
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (opened || this.attempt === 0) this.handlers.lost();
      this.retry();
    };
    ws.onerror = () => ws.close();
  }

  private retry(): void {
    if (this.stopped) return;
    const wait = backoff(this.attempt++);
    this.timer = setTimeout(() => this.connect(), wait);
  }
}
