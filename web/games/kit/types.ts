/**
 * The shapes every studio game's API (/games/api/, see the casino contract) shares: the provably
 * fair state, a seed change, a played round and its recomputation. `Fair` is the server's own
 * type (shared/api/generated).
 */
import type { Fair } from '@shared/api/generated/types.gen';

export type { Fair };

/** A text in the site's two languages. */
export interface Text {
  tr: string;
  en: string;
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

export interface RoundData<O = unknown> {
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

export interface VerifyData<O = unknown> {
  serverSeedHash: string;
  outcome: O;
}
