import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { authStore, setAuthData } from '@/lib/auth';
import { phone, smsCode } from '@/lib/validation';

/**
 * POST customer/updatephone: step 1 sends a 6-digit SMS code to the phone, step 2 checks it.
 * A successful check marks the stored login data verified with that phone.
 */

export const phoneFormSchema = z.object({ phone });
export type PhoneFormInput = z.infer<typeof phoneFormSchema>;

export const codeFormSchema = z.object({ code: smsCode });
export type CodeFormInput = z.input<typeof codeFormSchema>;

const phoneStateSchema = z.looseObject({ smsVerified: z.boolean(), phone: z.string() });

export type UpdatePhoneBody = { step: 1; phone: string } | { step: 2; phone: string; code: string };

export async function updatePhone(body: UpdatePhoneBody) {
  const res = await api.post('customer/updatephone', body, {
    schema: phoneStateSchema,
    toastSuccess: true,
  });
  if (res.success && res.data && body.step === 2) {
    const current = authStore.get().authData;
    if (current) setAuthData({ ...current, smsVerified: true, phone: res.data.phone });
  }
  return res;
}

export function useUpdatePhone() {
  return useMutation({ mutationFn: updatePhone });
}
