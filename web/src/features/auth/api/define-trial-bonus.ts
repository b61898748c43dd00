import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { setBalance } from '@/lib/auth';

/** GET bonus/definetrialbonus: grants the trial bonus (after phone verification). */

const trialBonusSchema = z.looseObject({ amount: z.number(), balance: z.number() });

export async function defineTrialBonus() {
  const res = await api.get('bonus/definetrialbonus', {
    schema: trialBonusSchema,
    toastSuccess: true,
  });
  if (res.success && res.data) setBalance(res.data.balance);
  return res;
}

export function useDefineTrialBonus() {
  return useMutation({ mutationFn: defineTrialBonus });
}
