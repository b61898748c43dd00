/** The table games' shapes of the studio API (see the tables contract). Stakes in kurus. */
import type { Fair, Text } from '../kit/types';

export type TableKind = 'roulette' | 'keno' | 'wheel' | 'baccarat';

export interface TableInfo {
  code: string;
  kind: TableKind;
  name: Text;
  description: Text;
  /** Kurus. */
  chips: number[];
  maxStakes: number;
  /** Kurus. */
  maxStake: number;
  /** Kurus. */
  maxTotal: number;
  /** The exact return to player, as a fraction. */
  rtp: number;
  /** The most a round returns, times its stake (blackjack: the opening bet). */
  maxWinX?: number;
  /** Roulette: the pockets in wheel order from 0; wheel: each segment's mark. */
  wheel: number[];
  /** Roulette: the red numbers. */
  red: number[];
  /**
   * Keno: pays[picks][hits] in hundredths of the stake; wheel: [[mark, segments], …]; baccarat:
   * what a winning player, banker and tie stake returns, [[200], [195], [1000]] (hundredths of the
   * stake, the stake included).
   */
  pays: number[][];
  /**
   * Keno: RTP by pick count (index 0 unused); wheel: by mark in `pays` order; baccarat: by bet
   * (player, banker, tie).
   */
  rtps: number[];
}

export interface Stake {
  kind: string;
  numbers: number[];
  /** Kurus. */
  amount: number;
}

export type Draw =
  | { game: 'roulette'; number: number }
  | { game: 'keno'; drawn: number[] }
  | { game: 'wheel'; segment: number; mark: number }
  /** Cards 0–51 (rank card % 13, ace 0; suit ⌊card / 13⌋), 2 or 3 a hand. */
  | { game: 'baccarat'; player: number[]; banker: number[] };

export interface StakeResult extends Stake {
  /** Kurus, the stake included (0 when lost). */
  win: number;
  hits: number | null;
}

export interface TableOutcome {
  draw: Draw;
  stakes: StakeResult[];
  /** Kurus. */
  win: number;
}

export interface TableSession {
  sessionToken: string;
  game: TableInfo;
  /** Lira. */
  balance: number;
  currency: string;
  fair: Fair;
}

export interface PlayData {
  roundId: string;
  /** Kurus. */
  bet: number;
  /** Kurus. */
  win: number;
  outcome: TableOutcome;
  /** Lira, after the round. */
  balance: number;
  fair: Fair;
}
