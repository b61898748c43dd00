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
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey });
      void queryClient.invalidateQueries({ queryKey: depositsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['queues'] });
    },
  });
}
