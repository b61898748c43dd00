import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { zTrialBonus } from '@shared/api/generated/zod.gen';
import { celebrate } from '@/lib/celebrate';
import { translate } from '@/lib/i18n';
import { setBalanceTotal } from './get-balance';
import { profileQueryKey } from './get-profile';

/**
 * GET bonus/definetrialbonus: grants the trial bonus (after phone verification). One hook for
 * every caller (the registration's congratulations, the profile's offer, the header's Claim
 * Reward), with the same effects. One claim gives one message:
 * - a success is celebrated (spec section 7): confetti and the server's message in the
 *   celebration view, no toast (the grant's notification arrives already read: listed, not
 *   toasted); the new total is put in place (its parts read again) and the profile refreshed
 *   (its offer is gone);
 * - a refusal is the one error toast;
 * - a second claim while one is on its way (a double click, two buttons) is not sent.
 */

export const trialBonusMutationKey = ['bonus', 'definetrialbonus'] as const;

export function defineTrialBonus() {
  return api.get('bonus/definetrialbonus', { schema: zTrialBonus });
}

export function useDefineTrialBonus() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: trialBonusMutationKey,
    mutationFn: defineTrialBonus,
    meta: { successToast: false },
    onSuccess: ({ data, message }) => {
      celebrate(message ?? translate('auth.congrats.title'));
      // The answer carries the new total only: the parts are read again.
      setBalanceTotal(queryClient, data.balance);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      // Claim Reward's list and the Bonuses page (the bonuses feature's queries).
      void queryClient.invalidateQueries({ queryKey: ['bonus'] });
    },
  });
  const { mutate: send } = mutation;
  const mutate = useCallback(() => {
    if (queryClient.isMutating({ mutationKey: trialBonusMutationKey }) > 0) return;
    send();
  }, [queryClient, send]);
  return { ...mutation, mutate };
}
