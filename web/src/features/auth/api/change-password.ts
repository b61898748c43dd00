import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { ChangePasswordBody } from '@shared/api/generated';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { password, passwordsMatch, text } from '@/lib/validation';

/** POST customer/changepassword {oldPassword, password, confirmPassword}. */

export const changePasswordSchema = passwordsMatch(
  z.object({
    oldPassword: text(5, 100, { trim: false }),
    password,
    confirmPassword: password,
  }),
  'password',
  'confirmPassword',
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export function changePassword(input: ChangePasswordInput) {
  return api.post('customer/changepassword', input satisfies ChangePasswordBody);
}

/** The server's message shows as a success toast, a failure as an error toast. */
export function useChangePassword(options?: MutationOptions) {
  return useMutation({
    mutationFn: changePassword,
    meta: withMeta({ successToast: true }, options),
  });
}
