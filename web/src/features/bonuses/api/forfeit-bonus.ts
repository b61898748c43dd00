import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ForfeitBody } from '@shared/api/generated';
import { zForfeited } from '@shared/api/generated/zod.gen';
import { afterBonusChange } from './claim-bonus';

/**
 * POST bonus/forfeit {id}: gives up an active bonus; its remaining bonus money is removed. The
 * server's message is the success toast; the new balance is put in place and the bonuses, the
 * claimable list and the profile's pockets are read again. A bonus no longer active answers 409
 * (the error toast) and the list is read again too.
 */

export function forfeitBonus(id: number) {
  return api.post('bonus/forfeit', { id } satisfies ForfeitBody, { schema: zForfeited });
}

export function useForfeitBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forfeitBonus,
    meta: { successToast: true },
    onSuccess: ({ data }) => afterBonusChange(queryClient, data.balance),
    onError: () => afterBonusChange(queryClient, null),
  });
}
