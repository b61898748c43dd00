import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, unwrap } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** GET customer/profile: personal information, balances by pocket and the trial-bonus offer. */

export const profileSchema = z.looseObject({
  username: z.string(),
  usercode: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  smsVerified: z.boolean(),
  personalNo: z.string().nullish(),
  birthDate: z.string().nullish(),
  country: z.object({ id: z.number(), name: z.string() }).nullish(),
  balance: z.number(),
  realBalance: z.number(),
  bonusBalance: z.number(),
  trialBonusAvailable: z.boolean(),
  trialBonusAmount: z.number(),
  createdAt: z.number().nullish(),
});

export type Profile = z.infer<typeof profileSchema>;

/** Shared by convention with the phone dialog, which refreshes it after a verification. */
export const PROFILE_QUERY_KEY = ['customer', 'profile'] as const;

export async function getProfile(): Promise<Profile> {
  return unwrap(await api.get('customer/profile', { schema: profileSchema }));
}

export function useProfile() {
  const { isLoggedIn } = useAuth();
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile, enabled: isLoggedIn });
}
