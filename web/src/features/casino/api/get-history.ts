import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { historyPageSchema, type HistoryPage, type Round } from './schemas';

/**
 * GET casino/history?from=&to=&skip=&take=: the player's game rounds, newest first (days
 * YYYY-MM-DD, both included).
 */

export const HISTORY_PAGE_SIZE = 10;
export type { HistoryPage, Round };
export type HistoryFilter = { from: string; to: string };

/** The spec's enumeration (section 3): Win 1, Bet 2. */
export const RESULT_WIN = 1;
export const RESULT_BET = 2;

export async function getHistory(
  filter: HistoryFilter,
  skip: number,
  take: number,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const params = { from: filter.from || undefined, to: filter.to || undefined, skip, take };
  return (await api.get('casino/history', { params, schema: historyPageSchema, signal })).data;
}

/** The page shows its own load error with Retry: silent. */
export function useHistory(filter: HistoryFilter, page: number) {
  const take = HISTORY_PAGE_SIZE;
  return useQuery({
    queryKey: ['casino', 'history', filter, page, take],
    queryFn: ({ signal }) => getHistory(filter, page * take, take, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
