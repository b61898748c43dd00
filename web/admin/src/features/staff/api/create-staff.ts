import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { ROLES, type Role } from '../../../lib/permissions';
import { staffQueryKey } from './get-staff';

/**
 * POST staff { username, password, roles }: a new staff member, who sets up their authenticator
 * at their first sign-in (`staff.manage`).
 */

const roleNames = ROLES.map((r) => r.role) as [Role, ...Role[]];

export const createStaffSchema = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9._-]{3,32}$/,
      '3 to 32 lower-case letters, digits, dots, dashes or underscores.',
    ),
  password: z.string().min(12, 'At least 12 characters.').max(256, 'At most 256 characters.'),
  roles: z.array(z.enum(roleNames)).min(1, 'Give at least one role.'),
});

export type CreateStaffValues = z.infer<typeof createStaffSchema>;

export async function createStaff(values: CreateStaffValues) {
  return api.post<unknown>('staff', values);
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
