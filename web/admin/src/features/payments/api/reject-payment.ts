import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { depositsQueryKey } from './get-deposits';
import { withdrawalsQueryKey } from './get-withdrawals';

/** POST payments/{id}/reject { reason }: rejects a pending request; the player reads the reason. */

export const rejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason: the player reads it.')
    .max(300, 'At most 300 characters.'),
});

export type RejectValues = z.infer<typeof rejectSchema>;

export async function rejectPayment({ id, reason }: RejectValues & { id: number }) {
  return api.post(`payments/${id}/reject`, { reason });
}

export function useRejectPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectPayment,
    meta: { errorToast: false },
    // Awaited, so the list the member returns to already shows the decision.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: depositsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['queues'] }),
      ]),
  });
}
