import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { setBalance } from '@/lib/auth';
import { fireConfetti } from '@/lib/celebrate';
import { PROFILE_QUERY_KEY } from './get-profile';

/** GET bonus/definetrialbonus from the profile's trial-bonus offer (after phone verification). */

const trialBonusSchema = z.looseObject({ amount: z.number(), balance: z.number() });

export async function defineTrialBonus() {
  const res = await api.get('bonus/definetrialbonus', {
    schema: trialBonusSchema,
    toastSuccess: true,
  });
  if (res.success && res.data) setBalance(res.data.balance);
  return res;
}

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
