import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST players/{id}/notify { title, body }: a notification to the player (`players.notify`). */

export const notifySchema = z.object({
  title: z.string().trim().min(1, 'Write a title.').max(200, 'At most 200 characters.'),
  body: z.string().trim().min(1, 'Write the message.').max(2000, 'At most 2000 characters.'),
});

export type NotifyValues = z.infer<typeof notifySchema>;

export async function notifyPlayer({ playerId, ...body }: NotifyValues & { playerId: number }) {
  return api.post(`players/${playerId}/notify`, body);
}

export function useNotifyPlayer(playerId: number) {
  return useMutation({
    mutationFn: (values: NotifyValues) => notifyPlayer({ playerId, ...values }),
    meta: { errorToast: false },
  });
}
