import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * GET staff: every staff member (`staff.manage`). Besides the contract's id, username and roles,
 * the list may say whether the authenticator is set up, whether a second administrator confirmed a
 * member made in the back office (and who made them), and when a member was disabled or created;
 * the table shows those when they come.
 */

export const staffRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  roles: z.array(z.string()),
  enrolled: z.boolean().optional(),
  confirmed: z.boolean().optional(),
  createdBy: z.number().nullable().optional(),
  disabledAt: z.number().nullable().optional(),
  createdAt: z.number().optional(),
});

export type StaffRow = z.infer<typeof staffRowSchema>;

export const staffQueryKey = ['staff'] as const;

export async function getStaff(): Promise<StaffRow[]> {
  const { data } = await api.get('staff', { schema: z.array(staffRowSchema) });
  return data;
}

export function useStaff() {
  return useQuery(queryOptions({ queryKey: staffQueryKey, queryFn: getStaff }));
}
