import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Kind, KindLeft, LimitView, Period, Protection } from '@shared/api/generated';
import { zProtection } from '@shared/api/generated/zod.gen';

/**
 * GET protection: the player's limits (each with a raise or a removal waiting, when there is one)
 * and what is left of each money limit now. Money in lira, the session time limit and the reality
 * check in minutes.
 */

export type { Kind, KindLeft, LimitView, Period, Protection };

/** Every query of player protection starts with this key (a change reads them all again). */
export const PROTECTION_KEY = ['protection'] as const;
export const protectionQueryKey = [...PROTECTION_KEY, 'settings'] as const;

export async function getProtection(signal?: AbortSignal): Promise<Protection> {
  return (await api.get('protection', { schema: zProtection, signal })).data;
}

export function protectionQueryOptions() {
  return queryOptions({
    queryKey: protectionQueryKey,
    queryFn: ({ signal }) => getProtection(signal),
  });
}

/** The page shows a load error with Retry itself: silent. */
export function useProtection(enabled = true) {
  return useQuery({ ...protectionQueryOptions(), enabled });
}

/** The setting of a kind and period (none yet: no limit, nothing waiting). */
export function limitOf(data: Protection | undefined, kind: Kind, period: Period): LimitView {
  return (
    data?.limits.find((l) => l.kind === kind && l.period === period) ?? {
      kind,
      period,
      value: null,
      pending: null,
    }
  );
}

/** What is left of a money limit of a kind and period, when it has one. */
export function leftOf(data: Protection | undefined, kind: Kind, period: Period) {
  return data?.left.find((l) => l.kind === kind)?.periods.find((p) => p.period === period) ?? null;
}

/** Whether the player has a deposit limit in force. */
export function hasDepositLimit(data: Protection | undefined): boolean {
  return Boolean(data?.limits.some((l) => l.kind === 'deposit' && l.value != null));
}
