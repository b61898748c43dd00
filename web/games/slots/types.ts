/**
 * The slot's shapes in the studio's game API (/games/api/, see the casino contract): its static
 * description (SlotInfo), a played round (Outcome, the server's generated type) and the session
 * and spin answers. Money from the server: bets and wins of a spin in kurus, balances in lira.
 */
import type { LineWin, Outcome, Spin } from '@shared/api/generated/types.gen';
import type { Fair, Text } from '../kit/types';

export type { LineWin, Outcome, Spin };

export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  id: number;
  /** The art key this client draws in the slot's theme (e.g. 'tulip'). */
  key: string;
  name: Text;
  kind: SymbolKind;
  /** Line pay in line-bet units by count of a kind (index 0..=5); zeros for the scatter. */
  pays: number[];
}

/** The engine's SlotInfo: everything the client draws and explains. */
export interface SlotInfo {
  code: string;
  name: Text;
  description: Text;
  /** The art folder of the theme. */
  theme: string;
  reels: number;
  rows: number;
  /** The number of paylines; total bets are multiples of it (in kurus). */
  lines: number;
  /** Each payline: the row (0 top … 2 bottom) on each reel. */
  paylines: number[][];
  symbols: SlotSymbol[];
  wild: number | null;
  scatter: number | null;
  /** Scatter pay by scatter count (index 0..=5), in multiples of the total bet. */
  scatterPays: number[];
  /** Free spins awarded by scatter count (index 0..=5). */
  freeSpins: number[];
  freeSpinMultiplier: number;
  maxFreeSpins: number;
  baseReels: number[][];
  freeReels: number[][];
  /** Allowed total bets in kurus. */
  betLevels: number[];
  /** Return to player as a fraction (0.9612 is 96.12 %). */
  rtp: number;
  /** What the progressive jackpots return on top of `rtp` (0.01 is 1 %). */
  jackpotRtp?: number;
  /** The most one round can win, in multiples of the total bet (jackpots apart). */
  maxWinX?: number;
}

export interface SessionData {
  sessionToken: string;
  game: SlotInfo;
  balance: number;
  currency: string;
  fair: Fair;
}

export interface SpinData {
  roundId: string;
  /** Kurus. */
  bet: number;
  /** Kurus. */
  win: number;
  outcome: Outcome;
  /** Lira, after the round. */
  balance: number;
  fair: Fair;
}
