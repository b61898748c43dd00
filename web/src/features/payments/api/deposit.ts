import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Submitted } from '@shared/api/generated';
import { zDeposited } from '@shared/api/generated/zod.gen';
import { getCurrentLanguage } from '@/lib/language';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { invalidateMoney } from './invalidate';

/**
 * POST payment/deposit {id, target: 'pay', detail}: a card deposit answers the link of the hosted
 * payment page (opened by Continue in a new window); a bank transfer or e-wallet deposit answers
 * the request with the server's message (the IBAN or account and the reference to use).
 */

export type PayInput = { id: number; detail: Record<string, string | number> };
export type DepositResult =
  { kind: 'link'; url: string } | { kind: 'message'; message: string; request: Submitted | null };

/** The payment page in the player's language (`?lang=`, unless the link names one). */
export function pageInLanguage(link: string, lang: string): string {
  try {
    const url = new URL(link);
    if (!url.searchParams.has('lang') && lang) url.searchParams.set('lang', lang);
    return url.toString();
  } catch {
    return link;
  }
}

export async function deposit(input: PayInput): Promise<DepositResult> {
  const { data, message } = await api.post(
    'payment/deposit',
    { id: input.id, target: 'pay', detail: input.detail },
    { schema: zDeposited },
  );
  if (typeof data === 'string' && /^https?:\/\//i.test(data)) {
    return { kind: 'link', url: pageInLanguage(data, getCurrentLanguage() || 'tr') };
  }
  return {
    kind: 'message',
    message: message ?? (typeof data === 'string' ? data : ''),
    request: typeof data === 'string' ? null : data,
  };
}

export function useDeposit(options?: MutationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deposit,
    meta: withMeta({}, options),
    onSuccess: () => invalidateMoney(queryClient),
  });
}
