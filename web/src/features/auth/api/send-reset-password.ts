import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { ResetBody } from '@shared/api/generated';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { text } from '@/lib/validation';

/** POST auth/sendresetpassword {username}: recovery step 1. */

export const recoveryUsernameSchema = z.object({ username: text(5, 50) });
export type RecoveryUsernameInput = z.infer<typeof recoveryUsernameSchema>;

export function sendResetPassword(input: RecoveryUsernameInput) {
  return api.post('auth/sendresetpassword', input satisfies ResetBody);
}

/** The server's message shows as a success toast, a failure as an error toast. */
export function useSendResetPassword(options?: MutationOptions) {
  return useMutation({
    mutationFn: sendResetPassword,
    meta: withMeta({ successToast: true }, options),
  });
}
