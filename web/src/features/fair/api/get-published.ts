import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';

/**
 * GET /games/api/info (no login): every studio game's published parameters, the only thing the
 * fair page asks the server for. Everything else, from the seeds to the round, is computed in the
 * browser (features/fair/recompute.ts). The call is outside /api/, so its path climbs out of it.
 */

const text = z.object({ tr: z.string(), en: z.string() });
const ids = z.array(z.int());
const strips = z.array(ids);

const symbol = z.object({
  id: z.int(),
  key: z.string(),
  name: text,
  kind: z.enum(['regular', 'wild', 'scatter']),
  pays: z.array(z.int()),
});

/** A payline slot: its reel strips (base and free spins), paylines and paytable. */
export const slotInfoSchema = z.object({
  rows: z.int(),
  paylines: strips,
  symbols: z.array(symbol),
  wild: z.nullish(z.int()),
  scatter: z.nullish(z.int()),
  scatterPays: z.array(z.int()),
  freeSpins: z.array(z.int()),
  freeSpinMultiplier: z.int(),
  maxFreeSpins: z.int(),
  baseReels: strips,
  freeReels: strips,
});

/** The ways slot: its strips, the height weights, the pays per way. */
export const waysInfoSchema = z.object({
  symbols: z.array(symbol),
  wild: z.int(),
  scatter: z.int(),
  freeSpins: z.array(z.int()),
  freeSpinMultiplier: z.int(),
  unitsPerBet: z.int(),
  fair: z.object({
    baseReels: strips,
    freeReels: strips,
    heights: z.array(z.object({ rows: z.int(), weight: z.int() })),
    heightTotal: z.int(),
  }),
});

/** Roulette, keno, the wheel and baccarat. */
export const tableInfoSchema = z.object({
  wheel: ids,
  red: ids,
  pays: z.array(z.array(z.int())),
  fair: z.object({
    pockets: z.int(),
    drawn: z.int(),
    maxPicks: z.int(),
    decks: z.int(),
    payoutNumerator: z.int(),
    bets: z.array(z.string()),
  }),
});

export const blackjackInfoSchema = z.object({
  fair: z.object({ cards: z.int(), blackjackReturn: z.array(z.int()) }),
});

export const crashInfoSchema = z.object({
  maxMultiplier: z.number(),
  fair: z.object({ hmacMessage: z.string(), bits: z.int(), numerator: z.int() }),
});

const game = <K extends string, S extends z.ZodMiniType>(kind: K, info: S) =>
  z.object({ code: z.string(), name: text, kind: z.literal(kind), info });

export const publishedGameSchema = z.discriminatedUnion('kind', [
  game('slot', slotInfoSchema),
  game('ways', waysInfoSchema),
  game('roulette', tableInfoSchema),
  game('keno', tableInfoSchema),
  game('wheel', tableInfoSchema),
  game('baccarat', tableInfoSchema),
  game('blackjack', blackjackInfoSchema),
  game('crash', crashInfoSchema),
]);

export const jackpotSchema = z.object({
  name: z.string(),
  levels: z.array(z.object({ level: z.string(), odds: z.int() })),
});

export const publishedSchema = z.object({
  games: z.array(publishedGameSchema),
  jackpots: z.array(jackpotSchema),
});

export type Published = z.infer<typeof publishedSchema>;
export type PublishedGame = z.infer<typeof publishedGameSchema>;
export type GameKind = PublishedGame['kind'];
export type SlotInfo = z.infer<typeof slotInfoSchema>;
export type WaysInfo = z.infer<typeof waysInfoSchema>;
export type TableInfo = z.infer<typeof tableInfoSchema>;
export type BlackjackInfo = z.infer<typeof blackjackInfoSchema>;
export type CrashInfo = z.infer<typeof crashInfoSchema>;
export type Jackpot = z.infer<typeof jackpotSchema>;

/** The call's path: /games/api/info, reached from the client's /api/ root. */
export const PUBLISHED_PATH = '../games/api/info';

export async function getPublished(signal?: AbortSignal): Promise<Published> {
  return (await api.get(PUBLISHED_PATH, { schema: publishedSchema, signal })).data;
}

/** The parameters change only with a new build: fetched once per visit. */
export const publishedQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'info'] as const,
    queryFn: ({ signal }) => getPublished(signal),
    staleTime: Infinity,
  });

export function usePublished() {
  return useQuery(publishedQueryOptions());
}
