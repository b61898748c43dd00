import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Profile } from '@shared/api/generated';
import { zProfile } from '@shared/api/generated/zod.gen';
import { useSession } from '@/lib/session-store';

/** GET customer/profile: personal information, balances by pocket and the trial-bonus offer. */

export type { Profile };

export const profileQueryKey = ['customer', 'profile'] as const;

export async function getProfile(): Promise<Profile> {
  return (await api.get('customer/profile', { schema: zProfile })).data;
}

/** The page shows a load error with Retry itself: silent. */
export function useProfile() {
  const { isLoggedIn } = useSession();
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile, enabled: isLoggedIn });
}
