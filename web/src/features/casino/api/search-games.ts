import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';

/**
 * POST casino/games (spec section 7): search params {search, isLive}; data is a list of lists.
 * The server has no such call yet, so the OpenAPI document does not describe it and this schema is
 * written here; it moves to the generated ones when the casino area documents the call.
 */

export const gameSchema = z.looseObject({
  gameCode: z.optional(z.union([z.string(), z.number()])),
  name: z.optional(z.string()),
  providerName: z.optional(z.string()),
  mainProviderId: z.optional(z.number()),
  systemCategory: z.optional(z.unknown()),
});

export type Game = z.infer<typeof gameSchema>;

export type GameSearchParams = { search: string; isLive: boolean };

const searchResultSchema = z.array(z.union([z.array(gameSchema), gameSchema]));

/** The games found, flattened. */
export async function searchGames(params: GameSearchParams): Promise<Game[]> {
  const { data } = await api.post('casino/games', params, { schema: searchResultSchema });
  return data.flat() as Game[];
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

/** The route parameter of /casino/play/{…}: the game as JSON, URI-encoded, then base64. */
export function encodeGameData(game: Game): string {
  return window.btoa(encodeURIComponent(JSON.stringify(game)));
}

export function decodeGameData(encoded: string): Game | null {
  try {
    const json: unknown = JSON.parse(decodeURIComponent(window.atob(encoded)));
    return gameSchema.safeParse(json).data ?? null;
  } catch {
    return null;
  }
}

/** The game page of a search's first result, or null when nothing was found. */
export function gamePath(games: readonly Game[]): string | null {
  const [first] = games;
  return first ? `/casino/play/${encodeGameData(first)}` : null;
}
