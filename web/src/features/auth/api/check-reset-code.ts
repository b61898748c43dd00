import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { text } from '@/lib/validation';

/** POST auth/checkresetcode {code, username}: recovery step 2. */

export const recoveryCodeSchema = z.object({ code: text(3, 20) });
export type RecoveryCodeInput = z.infer<typeof recoveryCodeSchema>;

export function checkResetCode(input: { username: string; code: string }) {
  return api.post('auth/checkresetcode', input, { toastSuccess: true });
}

export function useCheckResetCode() {
  return useMutation({ mutationFn: checkResetCode });
}
