import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lobbyPageSchema, type LobbyPage } from './schemas';

/**
 * GET casino/lobby?category=&provider=&search=&sort=popular|new&live=&skip=&take=: one page of a
 * lobby's games with the total and the providers facet. The lobby reads it page by page (load
 * more / infinite scroll), so a catalogue of 10,000 games never arrives at once.
 */

export const LOBBY_PAGE_SIZE = 48;
export type LobbySort = 'popular' | 'new';
export type LobbyFilter = {
  /** The page's slug (slot, live, …). */
  slug: string;
  live?: boolean;
  category?: number;
  provider?: number;
  search: string;
  sort: LobbySort;
};

export const lobbyQueryKey = ['casino', 'lobby'] as const;

export async function getLobby(
  filter: LobbyFilter,
  skip: number,
  take: number,
  signal?: AbortSignal,
): Promise<LobbyPage> {
  const params = {
    // A tab's category id, else the page's slug (the games of every category on that page).
    category: filter.category ?? filter.slug,
    provider: filter.provider,
    search: filter.search.trim() || undefined,
    sort: filter.sort,
    live: filter.live,
    skip,
    take,
  };
  return (await api.get('casino/lobby', { params, schema: lobbyPageSchema, signal })).data;
}

/** The next page's skip: the games loaded so far, or undefined when all of them are. */
export function nextSkip(last: LobbyPage, pages: readonly LobbyPage[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  return last.items.length > 0 && loaded < last.total ? loaded : undefined;
}

/**
 * The lobby's pages. The filter is the query key, so typing a new search starts a new query and
 * the stale one is cancelled (its signal aborts) instead of answering late. Silent: the lobby
 * shows its own load error with Retry.
 */
export function useLobby(filter: LobbyFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...lobbyQueryKey, filter],
    queryFn: ({ pageParam, signal }) => getLobby(filter, pageParam, LOBBY_PAGE_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    enabled,
    staleTime: 60_000,
  });
}
