import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { zTrialBonus } from '@/lib/api/generated/zod.gen';
import { fireConfetti } from '@/lib/celebrate';
import { setBalance } from './get-balance';
import { profileQueryKey } from './get-profile';

/**
 * GET bonus/definetrialbonus: grants the trial bonus (after phone verification). One hook for
 * every caller (the registration's congratulations, the profile's offer, the header's Claim
 * Reward), with the same effects: the server's message as a success toast (a refusal as an error
 * toast), the celebration (spec section 7), the new balance in place and the profile refreshed
 * (its offer is gone).
 */

export function defineTrialBonus() {
  return api.get('bonus/definetrialbonus', { schema: zTrialBonus });
}

export function useDefineTrialBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: defineTrialBonus,
    meta: { successToast: true },
    onSuccess: ({ data }) => {
      fireConfetti();
      setBalance(queryClient, data.balance);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
