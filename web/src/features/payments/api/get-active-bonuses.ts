import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { zBonusItem } from '@shared/api/generated/zod.gen';

/**
 * GET bonus/list, read by the withdraw flow for the bonuses still active: a withdrawal accepted
 * while one is active forfeits it (its remaining bonus money is removed), so the player is told
 * before the request goes out. Only the fields the warning shows are checked.
 */

const bonusSchema = z.pick(zBonusItem, { id: true, title: true, balance: true, state: true });

export type ActiveBonus = z.infer<typeof bonusSchema>;

const listSchema = z.array(bonusSchema);

export async function getActiveBonuses(): Promise<ActiveBonus[]> {
  const { data } = await api.get('bonus/list', { schema: listSchema });
  return data.filter((b) => b.state === 'active');
}

export const activeBonusesQueryOptions = () =>
  queryOptions({
    // Under ['bonus']: a claim, a forfeit or a withdrawal reads it again.
    queryKey: ['bonus', 'active'],
    queryFn: getActiveBonuses,
    staleTime: 10_000,
  });

/** Loads the active bonuses while the withdraw form is shown (silent). */
export function useActiveBonuses(enabled: boolean) {
  return useQuery({ ...activeBonusesQueryOptions(), enabled });
}

/** What the warning says: one bonus by its title, several by their count; the bonus money left. */
export type BonusWarning =
  | { kind: 'one'; title: string; balance: number }
  | { kind: 'many'; count: number; balance: number }
  /** The list could not be read: the warning says what happens if there is one. */
  | { kind: 'unknown' };

/** The warning before a withdrawal, or null when no bonus is active. */
export function bonusWarning(active: readonly ActiveBonus[] | null): BonusWarning | null {
  if (active === null) return { kind: 'unknown' };
  if (active.length === 0) return null;
  const balance = Math.round(active.reduce((sum, b) => sum + b.balance, 0) * 100) / 100;
  if (active.length === 1) return { kind: 'one', title: active[0].title, balance };
  return { kind: 'many', count: active.length, balance };
}
