/**
 * The ways slot's shapes in the studio's game API (/games/api/, the casino contract): its static
 * description (WaysInfo) and a played round (WaysOutcome). Reels change height every spin (2 to 7
 * symbols each); a win is a symbol on adjacent reels from the left, paid per way (the product of
 * the symbol's counts, wilds included, on those reels). Money as for the slots: a spin's bet and
 * win in kurus, balances in lira; pays in units of 1/unitsPerBet of the total bet. A round's spins
 * (WaysOutcome, WaysSpin, WaysWin) are the server's generated types.
 */
import type { JackpotWin, WaysOutcome, WaysSpin, WaysWin } from '@shared/api/generated/types.gen';
import type { Fair, Text } from '../kit/types';
import type { SlotSymbol } from '../slots/types';

export type { JackpotWin, WaysOutcome, WaysSpin, WaysWin };

/** A ways symbol: `pays[n]` in units per way for n reels from the left (index 0..=6). */
export type WaysSymbol = SlotSymbol;

export interface WaysInfo {
  kind: 'ways';
  code: string;
  name: Text;
  description: Text;
  /** The art folder of the theme ('cappadocia'). */
  theme: string;
  reels: number;
  minRows: number;
  maxRows: number;
  maxWays: number;
  /** A win of `units` pays bet × units / unitsPerBet kurus. */
  unitsPerBet: number;
  symbols: WaysSymbol[];
  wild: number;
  scatter: number;
  /** The 0-based reels the wild can land on. */
  wildReels: number[];
  /** Free spins awarded by scatters anywhere (index 0..=reels). */
  freeSpins: number[];
  /** Every free-spin win is multiplied by this. */
  freeSpinMultiplier: number;
  /** Allowed total bets in kurus. */
  betLevels: number[];
  /** Return to player as a fraction (0.9605 is 96.05 %). */
  rtp: number;
  /** The most one round can win, times the total bet (jackpots apart). */
  maxWinX?: number;
  /** What the progressive jackpots return on top of `rtp` (0.01 is 1 %). */
  jackpotRtp?: number;
}

export interface WaysSession {
  sessionToken: string;
  game: WaysInfo;
  balance: number;
  currency: string;
  fair: Fair;
}

export interface WaysSpinData {
  roundId: string;
  /** Kurus. */
  bet: number;
  /** Kurus. */
  win: number;
  outcome: WaysOutcome;
  /** Lira, after the round (jackpots included). */
  balance: number;
  fair: Fair;
  jackpots?: JackpotWin[];
}
