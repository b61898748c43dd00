import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { depositsQueryKey } from './get-deposits';
import { withdrawalsQueryKey } from './get-withdrawals';

/**
 * POST payments/{id}/approve: records this member's approval. A withdrawal over the four-eyes
 * amount stays `pending` after the first approval and is `confirmed` at the second, by another
 * member (the same member twice is 409). Needs `payments.decide`.
 */

export const approvedSchema = z.object({
  id: z.number(),
  status: z.string(),
  approvals: z.number(),
  approvalsNeeded: z.number(),
});

export type Approved = z.infer<typeof approvedSchema> & { message: string | null };

export async function approvePayment(id: number): Promise<Approved> {
  const { data, message } = await api.post(
    `payments/${id}/approve`,
    {},
    { schema: approvedSchema },
  );
  return { ...data, message };
}

/** Approves, then reads the queues again (both lists and the dashboard's counts). */
export function useApprovePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePayment,
    // Awaited, so the list the member returns to already shows the decision.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: depositsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['queues'] }),
      ]),
  });
}
