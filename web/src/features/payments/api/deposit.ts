import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import type { Submitted } from '@shared/api/generated';
import { zDeposited } from '@shared/api/generated/zod.gen';
import { getCurrentLanguage } from '@/lib/language';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { invalidateMoney } from './invalidate';
import { asAmountError } from './withdraw';

/**
 * POST payment/deposit {id, target: 'pay', detail, bonus?}: a card deposit answers the link of the
 * hosted payment page (opened by Continue in a new window); a bank transfer or e-wallet deposit
 * answers the request with the server's message (the IBAN or account and the reference to use).
 * `bonus` opts into a deposit bonus (a slug of payment/depositbonuses), by card too; the server
 * refuses one it does not offer now or a deposit under its least with a 400 naming no field: that
 * is the bonus choice's error (a form showing it puts it there, no toast). Without a bonus, such a
 * refusal (a deposit limit the amount would cross, with what is left) is the Amount's error.
 */

export type PayInput = {
  id: number;
  detail: Record<string, string | number>;
  /** A deposit's chosen deposit bonus; none: no bonus. */
  bonus?: string;
};

/** The form key of a deposit's bonus choice, as the field of its refusal. */
export const BONUS_KEY = 'bonus';

/** A 400 naming no field, after a deposit that chose a bonus, as the bonus choice's error. */
function asBonusError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400 || error.field) return error;
  return new ApiError(error.message, error.status, { [BONUS_KEY]: error.message });
}
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
  let answer;
  try {
    answer = await api.post(
      'payment/deposit',
      {
        id: input.id,
        target: 'pay',
        detail: input.detail,
        ...(input.bonus ? { bonus: input.bonus } : {}),
      },
      { schema: zDeposited },
    );
  } catch (error) {
    // Without a bonus, a refusal naming no field is about the amount (a deposit limit it would
    // cross, naming what is left: issue 31): the Amount's error, as a withdrawal's short balance.
    throw input.bonus ? asBonusError(error) : asAmountError(error);
  }
  const { data, message } = answer;
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
