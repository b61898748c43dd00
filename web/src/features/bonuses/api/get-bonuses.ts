import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { BonusItem } from '@shared/api/generated';
import { zBonusItem } from '@shared/api/generated/zod.gen';
import { getCurrentLanguage } from '@/lib/language';

/**
 * GET bonus/list: the player's bonuses, newest first, each with its amount, the bonus money it
 * still holds, its wagering (required, wagered, progress), maximum bet, state (active, completed,
 * expired, forfeited or spent) and dates.
 */

export type { BonusItem };

const bonusListSchema = z.array(zBonusItem);

export const bonusesQueryKey = ['bonus', 'list'] as const;

export async function getBonuses(): Promise<BonusItem[]> {
  return (await api.get('bonus/list', { schema: bonusListSchema })).data;
}

export const bonusesQueryOptions = () =>
  queryOptions({
    queryKey: [...bonusesQueryKey, getCurrentLanguage()],
    queryFn: getBonuses,
    // The progress moves with every bet: read again each time the page is shown or refocused.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** The page shows its own load error with Retry: silent. */
export function useBonuses() {
  return useQuery(bonusesQueryOptions());
}
