import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { gamesSchema, type CasinoGame } from './schemas';

/** GET casino/favorites: the player's favourite games (login). */

export const favoritesQueryKey = ['casino', 'favorites'] as const;

export async function getFavorites(signal?: AbortSignal): Promise<CasinoGame[]> {
  return (await api.get('casino/favorites', { schema: gamesSchema, signal })).data;
}

/** Only while logged in; silent (the favourites tab shows its own error). */
export function useFavorites(enabled = true) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: favoritesQueryKey,
    queryFn: ({ signal }) => getFavorites(signal),
    enabled: isLoggedIn && enabled,
    staleTime: 0,
  });
}
