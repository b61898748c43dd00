import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { playerQueryKey } from './get-player';

/** POST players/{id}/notes { text }: a staff note on the player (`players.note`). */

export const noteSchema = z.object({
  text: z.string().trim().min(1, 'Write the note.').max(2000, 'At most 2000 characters.'),
});

export type NoteValues = z.infer<typeof noteSchema>;

export async function addNote({ playerId, text }: NoteValues & { playerId: number }) {
  return api.post(`players/${playerId}/notes`, { text });
}

export function useAddNote(playerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NoteValues) => addNote({ playerId, ...values }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerQueryKey(playerId) }),
  });
}
