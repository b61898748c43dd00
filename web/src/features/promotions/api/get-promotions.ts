import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { Promotion } from '@shared/api/generated';
import { zPromotion } from '@shared/api/generated/zod.gen';
import { getCurrentLanguage } from '@/lib/language';

/**
 * GET cms/promotions: the promotions running now (start <= now <= end), in the site's order and
 * the caller's language: images ([0] the card's, [1] the dialog's), HTML description and terms
 * (sanitised by the server, and again here before they are shown), dates, and the bonus rule of
 * a claimable one.
 */

export type { Promotion };

const promotionsSchema = z.array(zPromotion);

export async function getPromotions(): Promise<Promotion[]> {
  return (await api.get('cms/promotions', { schema: promotionsSchema })).data;
}

export const promotionsQueryOptions = () =>
  queryOptions({
    queryKey: ['cms', 'promotions', getCurrentLanguage()],
    queryFn: getPromotions,
  });

/** The page shows its own load error with Retry: silent. */
export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}
