import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { password, passwordsMatch } from '@/lib/validation';

/** POST auth/changepasswordwithcode {password, password2, username, code}: recovery step 3. */

export const recoveryPasswordSchema = passwordsMatch(
  z.object({ password, password2: password }),
  'password',
  'password2',
);
export type RecoveryPasswordInput = z.infer<typeof recoveryPasswordSchema>;

export function changePasswordWithCode(input: {
  username: string;
  code: string;
  password: string;
  password2: string;
}) {
  return api.post('auth/changepasswordwithcode', input, { toastSuccess: true });
}

export function useChangePasswordWithCode() {
  return useMutation({ mutationFn: changePasswordWithCode });
}
