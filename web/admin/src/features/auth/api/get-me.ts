import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/** GET me: the signed-in staff member, their roles and permissions. */

export const staffSchema = z.object({
  id: z.number(),
  username: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});

export type Staff = z.infer<typeof staffSchema>;

export const meQueryKey = ['me'] as const;

export async function getMe(): Promise<Staff> {
  const { data } = await api.get('me', { schema: staffSchema });
  return data;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    enabled: getToken() !== null,
    staleTime: 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
