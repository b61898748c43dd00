/** Kasa Aviator's shapes of the studio API (the crash contract). Amounts in kurus unless named lira. */
import type { Text } from '../kit/types';

export interface CrashInfo {
  code: string;
  kind: 'crash';
  name: Text;
  description: Text;
  /** The return to player, as a fraction (0.97). */
  rtp: number;
  /** Kurus. */
  minBet: number;
  /** Kurus. */
  maxBet: number;
  /** The highest crash point (x). */
  maxMultiplier: number;
  /** The most one bet can win, times its stake. */
  maxWinX?: number;
  /** The return exactly as paid: auto cash-out, and what a manual cash-out returns. */
  returns?: Text;
  bettingMs: number;
  pauseMs: number;
  /** Multiplier at `ms` after the start: floor(100 × e^(growth × ms)) / 100. */
  growth: number;
}

export interface CrashSession {
  sessionToken: string;
  game: CrashInfo;
  /** Lira. */
  balance: number;
  currency?: string;
}

export type Phase = 'betting' | 'running' | 'crashed';

export interface FeedBet {
  /** Masked name ("ab***"). */
  player: string;
  slot: number;
  amount: number;
  cashOut: number | null;
  win: number | null;
  mine?: boolean;
}

export interface RoundMsg {
  type: 'round';
  roundId: number;
  phase: Phase;
  hash: string | null;
  startAt: number;
  crashAt: number | null;
  crashPoint: number | null;
  serverTime: number;
  bets: FeedBet[];
}

export interface TickMsg {
  type: 'tick';
  roundId: number;
  multiplier: number;
  elapsedMs: number;
  at: number;
}

export interface CrashMsg {
  type: 'crash';
  roundId: number;
  crashPoint: number;
  hash: string;
  at: number;
}

export interface BetMsg extends FeedBet {
  type: 'bet' | 'cashout';
  roundId: number;
  autoCashOut?: number | null;
}

/** Everyone's latest bet changes since the server's last poll (at most 30; `changed` of them). */
export interface BetsMsg {
  type: 'bets';
  roundId: number;
  changed: number;
  bets: FeedBet[];
}

export type FeedMsg = RoundMsg | TickMsg | CrashMsg | BetMsg | BetsMsg;

export interface HistoryItem {
  roundId: number;
  crashPoint: number;
  hash: string;
}

export interface MyBet {
  slot: number;
  amount: number;
  autoCashOut: number | null;
  cashOut: number | null;
  win: number | null;
}

export interface StateData {
  /** Null before the first round. */
  round: RoundMsg | null;
  /** Newest first. */
  history: HistoryItem[];
  mine: MyBet[];
  commitment: string | null;
  /** Lira. */
  balance: number;
}

export interface BetData {
  roundId: number;
  slot: number;
  amount: number;
  autoCashOut: number | null;
  /** Lira. */
  balance: number;
}

export interface CashoutData {
  roundId: number;
  slot: number;
  cashOut: number;
  win: number;
  /** Lira. */
  balance: number;
}

export interface CrashVerifyData {
  crashPoint: number;
  previousHash: string;
}
