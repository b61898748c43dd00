import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { Claimable } from '@shared/api/generated';
import { zClaimable } from '@shared/api/generated/zod.gen';
import { getCurrentLanguage } from '@/lib/language';
import { useSession } from '@/lib/session-store';

/**
 * GET bonus/claimable: what the logged-in player can claim now (the trial bonus as slug "trial"
 * while it may still be taken, and the claimable promotions), in the caller's language. Loaded at
 * startup (spec section 2's 'bonus' step) so the header can mark Claim Reward, and again whenever
 * a claim, a forfeit or a withdrawal changes it. Silent: the dialog shows its own load error.
 */

export type { Claimable };

const claimableListSchema = z.array(zClaimable);

export const claimableQueryKey = ['bonus', 'claimable'] as const;

export async function getClaimable(): Promise<Claimable[]> {
  return (await api.get('bonus/claimable', { schema: claimableListSchema })).data;
}

export const claimableQueryOptions = () =>
  queryOptions({
    queryKey: [...claimableQueryKey, getCurrentLanguage()],
    queryFn: getClaimable,
    staleTime: 60_000,
  });

/**
 * The claimable rewards while logged in (nothing is asked logged out). `fresh`: read again when
 * the caller mounts (the Claim Reward dialog shows the stored list at once and updates it).
 */
export function useClaimable({ fresh = false }: { fresh?: boolean } = {}) {
  const { isLoggedIn } = useSession();
  return useQuery({
    ...claimableQueryOptions(),
    enabled: isLoggedIn,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

/**
 * How many rewards can be claimed now (0 logged out or before the first answer): the trial bonus
 * waiting for a verified phone is listed, but not counted.
 */
export function useClaimableCount(): number {
  const { isLoggedIn } = useSession();
  const { data } = useClaimable();
  return isLoggedIn ? (data?.filter((c) => !c.needsPhone).length ?? 0) : 0;
}
