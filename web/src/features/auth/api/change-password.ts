import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
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
  return api.post('customer/changepassword', input, { toastSuccess: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
