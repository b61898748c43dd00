/**
 * The shapes of the studio's game API (/games/api/, see the casino contract): the slot's static
 * description (SlotInfo), a played round (Outcome) and the provably fair state. Money from the
 * server: bets and wins of a spin in kurus, balances in lira.
 */

export type SymbolKind = 'regular' | 'wild' | 'scatter';

/** A text in the site's two languages. */
export interface Text {
  tr: string;
  en: string;
}

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

export interface LineWin {
  line: number;
  symbol: number;
  count: number;
  units: number;
}

export interface Spin {
  stops: number[];
  /** [reel][row] symbol ids. */
  grid: number[][];
  lineWins: LineWin[];
  scatterUnits: number;
  freeSpin: boolean;
  freeSpinsAwarded: number;
  /** The multiplier applied to this spin's wins (1 in the base game). */
  multiplier: number;
  /** This spin's total win in line-bet units. */
  units: number;
}

export interface Outcome {
  spins: Spin[];
  winUnits: number;
}

export interface Fair {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The hash of the next server seed: the seed change makes it current, with the client seed chosen then. */
  nextServerSeedHash: string;
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

export interface SeedData {
  revealed: {
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    lastNonce: number | null;
  };
  fair: Fair;
}

export interface RoundData<O = Outcome> {
  roundId: string;
  bet: number;
  win: number;
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
  serverSeed?: string | null;
  outcome?: O | null;
  createdAt?: string;
}

export interface VerifyData<O = Outcome> {
  serverSeedHash: string;
  outcome: O;
}
