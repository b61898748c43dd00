import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { getCurrentLanguage } from '@/lib/language';

/**
 * GET bonus/list: the player's bonuses, newest first, each with its amount, the bonus money it
 * still holds, its wagering (required, wagered, progress), maximum bet, state and dates.
 */

export const zBonusState = z.enum(['active', 'completed', 'expired', 'forfeited', 'spent']);

export const zBonusItem = z.object({
  id: z.number(),
  title: z.string(),
  source: z.string(),
  promotion: z.nullish(z.string()),
  amount: z.number(),
  balance: z.number(),
  wagerRequired: z.number(),
  wagered: z.number(),
  progress: z.number(),
  maxBet: z.number(),
  state: zBonusState,
  createdAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.nullish(z.string()),
});

export type BonusItem = z.infer<typeof zBonusItem>;
export type BonusState = BonusItem['state'];

const bonusListSchema = z.array(zBonusItem);

export const bonusesQueryKey = ['bonus', 'list'] as const;

export async function getBonuses(): Promise<BonusItem[]> {
  return (await api.get('bonus/list', { schema: bonusListSchema })).data;
}

export const bonusesQueryOptions = () =>
  queryOptions({
    queryKey: [...bonusesQueryKey, getCurrentLanguage()],
    queryFn: getBonuses,
    // The progress moves with every bet: read again each time the page is shown.
    staleTime: 0,
  });

/** The page shows its own load error with Retry: silent. */
export function useBonuses() {
  return useQuery(bonusesQueryOptions());
}
