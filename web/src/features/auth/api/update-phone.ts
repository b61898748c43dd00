import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { PhoneBody } from '@shared/api/generated';
import { zPhoneState } from '@shared/api/generated/zod.gen';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { updateAuthData } from '@/lib/session-store';
import { phone, smsCode } from '@/lib/validation';
import { markSmsSent } from '../stores/sms-sent';
import { refusalOnField } from './field-error';

/**
 * POST customer/updatephone: step 1 sends a 6-digit SMS code to the phone, step 2 checks it.
 * A sent code is remembered (stores/sms-sent: the 60 s wait shows as a countdown); a successful
 * check marks the stored login data verified with that phone.
 */

export const phoneFormSchema = z.object({ phone });
export type PhoneFormInput = z.infer<typeof phoneFormSchema>;

export const codeFormSchema = z.object({ code: smsCode });
export type CodeFormInput = z.input<typeof codeFormSchema>;

/** The document's PhoneBody, narrowed to its two steps: step 2 sends the code. */
export type UpdatePhoneBody = { step: 1; phone: string } | { step: 2; phone: string; code: string };

/** Step 2's refusal (a wrong, expired or spent code) is the code field's error. */
export function updatePhone(body: UpdatePhoneBody) {
  const call = api.post('customer/updatephone', body satisfies PhoneBody, { schema: zPhoneState });
  return body.step === 2 ? refusalOnField(call, 'code') : call;
}

/** Both steps; the message shows as a success toast (unless the caller's meta says otherwise). */
export function useUpdatePhone(options?: MutationOptions) {
  return useMutation({
    mutationFn: updatePhone,
    meta: withMeta({ successToast: true }, options),
    onSuccess: ({ data }, body) => {
      if (body.step === 1) markSmsSent(body.phone);
      if (body.step === 2) updateAuthData({ smsVerified: true, phone: data.phone });
    },
  });
}
