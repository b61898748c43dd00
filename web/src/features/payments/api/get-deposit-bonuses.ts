import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { DepositOffer } from '@shared/api/generated';
import { zDepositOffer } from '@shared/api/generated/zod.gen';
import { getCurrentLanguage } from '@/lib/language';

/**
 * GET payment/depositbonuses: the deposit bonuses the player may opt into with a deposit now (the
 * welcome bonus before a first confirmed deposit, the Friday reload on Fridays, each once), with
 * their terms in the player's language. The deposit form offers them; a deposit names the chosen
 * one (`bonus`), credited with its wagering when the deposit is confirmed.
 */

export type { DepositOffer };

const offersSchema = z.array(zDepositOffer);

export async function getDepositBonuses(): Promise<DepositOffer[]> {
  return (await api.get('payment/depositbonuses', { schema: offersSchema })).data;
}

export const depositBonusesQueryOptions = () =>
  queryOptions({
    // Under ['bonus']: a deposit (invalidateMoney) and a bonus credited (a Bonus push) read it again.
    queryKey: ['bonus', 'deposit-offers', getCurrentLanguage()],
    queryFn: getDepositBonuses,
  });

/** The offers while a deposit form is shown (silent: without them the form has no bonus choice). */
export function useDepositBonuses(enabled: boolean) {
  return useQuery({ ...depositBonusesQueryOptions(), enabled });
}

/** Lira in kuruş (the server counts a bonus in kuruş, rounded down). */
const kurus = (lira: number) => Math.round(lira * 100);

/** Whether a deposit of `amount` lira reaches `offer`'s minDeposit (compared in kuruş, as the server does). */
export function reachesMinDeposit(
  amount: number | null,
  offer: Pick<DepositOffer, 'minDeposit'>,
): boolean {
  return amount !== null && amount > 0 && kurus(amount) >= kurus(offer.minDeposit);
}

/**
 * The bonus a deposit of `amount` lira gets from `offer`: its percent of the amount, at most its
 * maxBonus, nothing below its minDeposit (as the server credits it: whole kuruş, rounded down).
 */
export function depositBonusFor(
  amount: number | null,
  offer: Pick<DepositOffer, 'percent' | 'maxBonus' | 'minDeposit'>,
): number {
  if (amount === null || !reachesMinDeposit(amount, offer)) return 0;
  const share = Math.floor((kurus(amount) * offer.percent) / 100);
  return Math.min(share, kurus(offer.maxBonus)) / 100;
}
