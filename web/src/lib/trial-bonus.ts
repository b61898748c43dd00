import { z } from 'zod';
import { api } from './api-client';
import { setBalance } from './auth';

/**
 * GET bonus/definetrialbonus: grants the trial bonus (after phone verification) and sets the
 * new balance. Shared by the registration's congratulations and the profile's offer.
 */

const trialBonusSchema = z.looseObject({ amount: z.number(), balance: z.number() });

export async function defineTrialBonus() {
  const res = await api.get('bonus/definetrialbonus', {
    schema: trialBonusSchema,
    toastSuccess: true,
  });
  if (res.success && res.data) setBalance(res.data.balance);
  return res;
}
