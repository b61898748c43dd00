import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { playerQueryKey } from './get-player';

/**
 * POST players/{id}/bonus { promotion }: gives the player a promotion's bonus, by the promotion's
 * slug (`players.bonus`). Once per promotion and player; never a deposit bonus (that comes with a
 * deposit) nor to a closed account: the server refuses those with a 409 naming why.
 */

export const bonusSchema = z.object({
  promotion: z
    .string()
    .trim()
    .min(1, 'Give the promotion’s slug.')
    .max(100, 'At most 100 characters.')
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'A slug: lower-case letters, digits and dashes.'),
});

export type BonusValues = z.infer<typeof bonusSchema>;

export const bonusGivenSchema = z.object({ id: z.number() });

export async function giveBonus({ playerId, promotion }: BonusValues & { playerId: number }) {
  return api.post(`players/${playerId}/bonus`, { promotion }, { schema: bonusGivenSchema });
}

export function useGiveBonus(playerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: BonusValues) => giveBonus({ playerId, ...values }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerQueryKey(playerId) }),
  });
}
