import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { playerQueryKey } from './get-player';

/** POST players/{id}/sessions/end: ends every session of the player (`players.sessions`). */

export async function endSessions(playerId: number) {
  return api.post<unknown>(`players/${playerId}/sessions/end`, {});
}

/** How many sessions an answer says ended, when it says (`{ ended }`). */
export function endedCount(data: unknown): number | null {
  if (data && typeof data === 'object' && 'ended' in data) {
    const { ended } = data as { ended: unknown };
    if (typeof ended === 'number') return ended;
  }
  return null;
}

export function useEndSessions(playerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endSessions(playerId),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerQueryKey(playerId) }),
  });
}
