import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adjustmentsQueryKey } from './get-adjustments';

/**
 * POST adjustments/{id}/approve | reject: applies or rejects a pending adjustment (never by the
 * member who asked for it: 409).
 */

export type Decision = 'approve' | 'reject';

export async function decideAdjustment({ id, decision }: { id: number; decision: Decision }) {
  return api.post(`adjustments/${id}/${decision}`, {});
}

export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAdjustment,
    // Awaited, so the list the member returns to already shows the decision.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adjustmentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['players'] }),
      ]),
  });
}
