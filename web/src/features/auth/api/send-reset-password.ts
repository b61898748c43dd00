import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { text } from '@/lib/validation';

/** POST auth/sendresetpassword {username}: recovery step 1. */

export const recoveryUsernameSchema = z.object({ username: text(5, 50) });
export type RecoveryUsernameInput = z.infer<typeof recoveryUsernameSchema>;

export function sendResetPassword(input: RecoveryUsernameInput) {
  return api.post('auth/sendresetpassword', input, { toastSuccess: true });
}

export function useSendResetPassword() {
  return useMutation({ mutationFn: sendResetPassword });
}
