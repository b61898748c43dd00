import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { playerQueryKey } from './get-player';

/**
 * POST players/{id}/adjust { amount, reason }: a balance adjustment in lira (negative takes money
 * away), with the reason (`players.adjust`).
 */

export const adjustSchema = z.object({
  amount: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, '').replace(',', '.'))
    .pipe(
      z
        .string()
        .regex(/^-?\d+(\.\d{1,2})?$/, 'Lira with at most two decimals, e.g. 250 or -12.50.')
        .transform(Number)
        .refine((n) => n !== 0, 'The amount cannot be zero.'),
    ),
  reason: z.string().trim().min(1, 'Give the reason.').max(300, 'At most 300 characters.'),
});

export type AdjustInput = z.input<typeof adjustSchema>;
export type AdjustValues = z.output<typeof adjustSchema>;

export async function adjustBalance({
  playerId,
  amount,
  reason,
}: AdjustValues & { playerId: number }) {
  return api.post<unknown>(`players/${playerId}/adjust`, { amount, reason });
}

export function useAdjustBalance(playerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AdjustValues) => adjustBalance({ playerId, ...values }),
    meta: { errorToast: false },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: playerQueryKey(playerId) });
      void queryClient.invalidateQueries({ queryKey: ['adjustments'] });
    },
  });
}
