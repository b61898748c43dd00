import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { EgtJackpotCard } from '@shared/api/generated';
import { zEgtJackpotCard } from '@shared/api/generated/zod.gen';

/**
 * GET casino/jackpots: the studio's High Cash and Clover Chance with their live levels (lira), the
 * cards the bootstrap's egtJackpotCards starts with. The home page shows the bootstrap's copy at
 * once and refreshes it every 5 s while the page is visible. Silent on failure: the last values
 * stay shown.
 */

/** An EGT jackpot card: instanceName and its levelStats. */
export type JackpotCard = EgtJackpotCard;
export type JackpotLevel = JackpotCard['levelStats'][number];

/** Only High Cash and Clover Chance, in that order, 4 levels each (spec section 9). */
export const SHOWN_JACKPOTS = ['High Cash', 'Clover Chance'] as const;
export const JACKPOT_LEVELS = 4;
export const JACKPOTS_REFETCH_MS = 5_000;

/** A shown jackpot: its name and its levels, the biggest first. */
export type ShownJackpot = { name: string; levels: JackpotLevel[] };

const levelRank: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4 };

/**
 * High Cash then Clover Chance out of any list of cards (others dropped), each with at most 4
 * levels, the biggest first: by level (IV … I) when the card names them, so the order never
 * changes while the amounts grow, else by amount.
 */
export function pickJackpots(cards: readonly JackpotCard[]): ShownJackpot[] {
  return SHOWN_JACKPOTS.flatMap((name) => {
    const card = cards.find((c) => c.instanceName.trim().toLowerCase() === name.toLowerCase());
    if (!card) return [];
    const ranked = card.levelStats.every((l) => l.level && levelRank[l.level.toUpperCase()]);
    const levels = [...card.levelStats]
      .sort((a, b) =>
        ranked
          ? levelRank[b.level!.toUpperCase()] - levelRank[a.level!.toUpperCase()]
          : b.amount - a.amount,
      )
      .slice(0, JACKPOT_LEVELS);
    return [{ name: card.instanceName, levels }];
  });
}

const jackpotCardsSchema = z.array(zEgtJackpotCard);

export async function getJackpots(signal?: AbortSignal): Promise<JackpotCard[]> {
  return (await api.get('casino/jackpots', { schema: jackpotCardsSchema, signal })).data;
}

export const jackpotsQueryKey = ['casino', 'jackpots'] as const;

/**
 * The live jackpots, starting from `initialCards` (the bootstrap's egtJackpotCards, so the first
 * paint has the values): refetched at once (the bootstrap may be a cached copy) and then every
 * 5 s, only while the page is visible. The data is the shown jackpots (`pickJackpots`).
 */
export const jackpotsQueryOptions = (initialCards?: readonly JackpotCard[]) =>
  queryOptions({
    queryKey: jackpotsQueryKey,
    queryFn: ({ signal }) => getJackpots(signal),
    initialData: initialCards?.length ? [...initialCards] : undefined,
    initialDataUpdatedAt: 0,
    select: pickJackpots,
    refetchInterval: JACKPOTS_REFETCH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: JACKPOTS_REFETCH_MS,
    retry: false,
  });

export function useJackpots(initialCards?: readonly JackpotCard[]) {
  const query = useQuery(jackpotsQueryOptions(initialCards));
  // Until the first answer (no bootstrap yet): whatever the bootstrap brings meanwhile.
  const jackpots = query.data ?? pickJackpots(initialCards ?? []);
  return { jackpots, query };
}
