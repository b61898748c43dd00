import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fireConfetti } from '@/lib/celebrate';
import { defineTrialBonus } from '@/lib/trial-bonus';
import { PROFILE_QUERY_KEY } from './get-profile';

/** GET bonus/definetrialbonus from the profile's trial-bonus offer (after phone verification). */
export function useClaimTrialBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: defineTrialBonus,
    onSuccess: (res) => {
      if (!res.success) return;
      fireConfetti();
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}
