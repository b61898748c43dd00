import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** POST casino/games (spec section 7): search params {search, isLive}; data is a list of lists. */

export const gameSchema = z.looseObject({
  gameCode: z.union([z.string(), z.number()]).optional(),
  name: z.string().optional(),
  providerName: z.string().optional(),
  mainProviderId: z.number().optional(),
  systemCategory: z.unknown().optional(),
});

export type Game = z.infer<typeof gameSchema>;

export type GameSearchParams = { search: string; isLive: boolean };

const searchResultSchema = z.array(z.union([z.array(gameSchema), gameSchema]));

/** The games found, flattened; on any error the result is empty (silently). */
export async function searchGames(params: GameSearchParams): Promise<Game[]> {
  const res = await api.post('casino/games', params, {
    schema: searchResultSchema,
    toastError: false,
  });
  if (!res.success || !res.data) return [];
  return res.data.flat() as Game[];
}

export function useSearchGames() {
  return useMutation({ mutationFn: searchGames });
}

/** The route parameter of /casino/play/{…}: the game as JSON, URI-encoded, then base64. */
export function encodeGameData(game: Game): string {
  return window.btoa(encodeURIComponent(JSON.stringify(game)));
}

export function decodeGameData(encoded: string): Game | null {
  try {
    const parsed = gameSchema.safeParse(JSON.parse(decodeURIComponent(window.atob(encoded))));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Aviator: search 'Aviator' (isLive false) and open the first result; nothing found → nothing. */
export async function findAviatorPath(): Promise<string | null> {
  const [first] = await searchGames({ search: 'Aviator', isLive: false });
  return first ? `/casino/play/${encodeGameData(first)}` : null;
}
