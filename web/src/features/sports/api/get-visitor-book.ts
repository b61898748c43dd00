import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { VisitorBook } from '@shared/api/generated';
import { zVisitorBook } from '@shared/api/generated/zod.gen';

/**
 * GET sportsbook/site: the sportsbook a visitor's sports pages frame (the built-in one is
 * `/sportsbook/`), the login data's betsyUrl and betsyCid without a token; empty when none is
 * configured. Visitors browse and build a slip there; placing a bet asks them to log in. Silent:
 * without an answer the page says sports betting is not available.
 */

export type { VisitorBook };

export async function getVisitorBook(): Promise<VisitorBook> {
  return (await api.get('sportsbook/site', { schema: zVisitorBook })).data;
}

export const visitorBookQueryOptions = () =>
  queryOptions({
    queryKey: ['sportsbook', 'site'],
    queryFn: getVisitorBook,
    staleTime: Infinity,
    retry: false,
  });

/** Only asked while nobody is logged in (the login data carries the player's own). */
export function useVisitorBook(enabled: boolean) {
  return useQuery({ ...visitorBookQueryOptions(), enabled });
}
