import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { zGame } from '@shared/api/generated/zod.gen';
import { playPath } from '../game-data';
import type { CasinoGame } from './schemas';

/** POST casino/games (spec section 7): search params {search, isLive}; data is a list of lists. */

export type Game = CasinoGame;

export type GameSearchParams = { search: string; isLive: boolean };

const searchResultSchema = z.array(z.array(zGame));

/** The games found, flattened. */
export async function searchGames(params: GameSearchParams): Promise<Game[]> {
  const { data } = await api.post('casino/games', params, { schema: searchResultSchema });
  return data.flat();
}

/** A read, so a query (silent like every query: a failed search yields no game). */
export const searchGamesQueryOptions = (params: GameSearchParams) =>
  queryOptions({
    queryKey: ['casino', 'games', params.search, params.isLive],
    queryFn: () => searchGames(params),
    retry: false,
  });

/** Searches on demand: the games found, or none when the search failed (silently, spec section 8). */
export function useFindGames() {
  const queryClient = useQueryClient();
  return useCallback(
    (params: GameSearchParams): Promise<Game[]> =>
      queryClient.fetchQuery(searchGamesQueryOptions(params)).catch(() => []),
    [queryClient],
  );
}

/** The game page of a search's first result, or null when nothing was found. */
export function gamePath(games: readonly Game[]): string | null {
  const [first] = games;
  return first ? playPath(first) : null;
}
