import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { CheckCodeBody } from '@shared/api/generated';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { text } from '@/lib/validation';
import { refusalOnField } from './field-error';

/** POST auth/checkresetcode {code, username}: recovery step 2. */

export const recoveryCodeSchema = z.object({ code: text(3, 20) });
export type RecoveryCodeInput = z.infer<typeof recoveryCodeSchema>;

/** Both fields are sent (the server reads a missing one as empty, and refuses it). */
/** A wrong or expired code is the code field's error. */
export function checkResetCode(input: Required<CheckCodeBody>) {
  return refusalOnField(api.post('auth/checkresetcode', input), 'code');
}

/** The server's message shows as a success toast, a failure as an error toast. */
export function useCheckResetCode(options?: MutationOptions) {
  return useMutation({
    mutationFn: checkResetCode,
    meta: withMeta({ successToast: true }, options),
  });
}
