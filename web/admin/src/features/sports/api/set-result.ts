import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * POST sports/markets/{id}/result { winners: ["1"] } (`sports.manage`): the market's result, its
 * winning selections by key; the market's bets are settled. Sent again for a settled market, it
 * corrects the result and settles its bets again. A result the market does not take is 409.
 */

export const resultSchema = z.object({
  winners: z.array(z.string()).min(1, 'Choose at least one winning selection.'),
});

export type ResultValues = z.infer<typeof resultSchema>;

export async function setResult({ marketId, winners }: ResultValues & { marketId: number }) {
  return api.post(`sports/markets/${marketId}/result`, { winners });
}

export function useSetResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setResult,
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sports'] }),
  });
}
