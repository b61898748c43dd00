import { useMutation } from '@tanstack/react-query';
import { defineTrialBonus } from '@/lib/trial-bonus';

/** GET bonus/definetrialbonus: grants the trial bonus (after phone verification). */
export function useDefineTrialBonus() {
  return useMutation({ mutationFn: defineTrialBonus });
}
