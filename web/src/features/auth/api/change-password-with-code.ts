import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { ResetPasswordBody } from '@shared/api/generated';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { password, passwordsMatch } from '@/lib/validation';

/** POST auth/changepasswordwithcode {password, password2, username, code}: recovery step 3. */

export const recoveryPasswordSchema = passwordsMatch(
  z.object({ password, password2: password }),
  'password',
  'password2',
);
export type RecoveryPasswordInput = z.infer<typeof recoveryPasswordSchema>;

/** Every field is sent (the server reads a missing one as empty, and refuses it). */
export function changePasswordWithCode(input: Required<ResetPasswordBody>) {
  return api.post('auth/changepasswordwithcode', input);
}

/** The server's message shows as a success toast, a failure as an error toast. */
export function useChangePasswordWithCode(options?: MutationOptions) {
  return useMutation({
    mutationFn: changePasswordWithCode,
    meta: withMeta({ successToast: true }, options),
  });
}
