import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import { getSession } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import { favoritesQueryKey } from './get-favorites';
import { lobbyQueryKey } from './get-lobby';
import { toggledSchema, type CasinoGame } from './schemas';

/**
 * POST casino/togglefavorite {code, providerId} (spec sections 4 and 7): adds the game to the
 * player's favourites, or removes it when it already is one (data {favorite: false}).
 */

export type ToggleResult = { favorite: boolean; message: string };

export async function toggleFavorite(game: CasinoGame): Promise<ToggleResult> {
  const body = { code: String(game.gameCode), providerId: game.mainProviderId };
  const { data, message } = await api.post('casino/togglefavorite', body, {
    schema: toggledSchema,
  });
  return { favorite: data.favorite, message: message ?? '' };
}

/**
 * The toast of a toggle (spec section 4): removed → a warning, added → a success, each with the
 * server's message (or ours when it sent none).
 */
export function toggleToast(result: ToggleResult): { kind: 'success' | 'warning'; text: string } {
  if (result.favorite)
    return { kind: 'success', text: result.message || translate('casino.favorite.added') };
  return { kind: 'warning', text: result.message || translate('casino.favorite.removed') };
}

export const TOGGLE_FAVORITE_ACTION = 'casino:togglefavorite';

/**
 * The heart: logged out it opens the login form (onLoginNeeded) and calls nothing; otherwise one
 * toast per toggle (a failure is the server's message as an error, by the query client), and the
 * lobby and the favourites are read again either way.
 */
export function useToggleFavorite(onLoginNeeded: () => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: [TOGGLE_FAVORITE_ACTION],
    mutationFn: toggleFavorite,
    onSuccess: (result) => {
      const { kind, text } = toggleToast(result);
      void notify[kind](text, { action: `key:${JSON.stringify([TOGGLE_FAVORITE_ACTION])}` });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lobbyQueryKey }),
        queryClient.invalidateQueries({ queryKey: favoritesQueryKey }),
      ]),
  });
  return {
    toggle: (game: CasinoGame) => {
      if (!getSession().isLoggedIn) {
        onLoginNeeded();
        return;
      }
      mutation.mutate(game);
    },
    pendingCode: mutation.isPending ? mutation.variables?.gameCode : undefined,
  };
}
