import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import type { Submitted } from '@shared/api/generated';
import { zDeposited } from '@shared/api/generated/zod.gen';
import { getCurrentLanguage } from '@/lib/language';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { getDepositBonuses, reachesMinDeposit } from './get-deposit-bonuses';
import { invalidateMoney } from './invalidate';
import { AMOUNT_KEY, asAmountError } from './withdraw';

/**
 * POST payment/deposit {id, target: 'pay', detail, bonus?}: a card deposit answers the link of the
 * hosted payment page (opened by Continue in a new window); a bank transfer or e-wallet deposit
 * answers the request with the server's message (the IBAN or account and the reference to use).
 * `bonus` opts into a deposit bonus (a slug of payment/depositbonuses), by card too. A refusal
 * naming no field (a 400) is the error of the field it is about (a form showing that field puts
 * it there, no toast): see `asRefusalError`.
 */

export type PayInput = {
  id: number;
  detail: Record<string, string | number>;
  /** A deposit's chosen deposit bonus; none: no bonus. */
  bonus?: string;
};

/** The form key of a deposit's bonus choice, as the field of its refusal. */
export const BONUS_KEY = 'bonus';

/** A refusal naming no field: a 400 whose message says why (it names no field of the form). */
const isUnnamedRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && !error.field;

/**
 * Whether the refusal of a deposit of `amount` that chose the bonus `slug` is about the bonus. The
 * server checks the choice first: it refuses a bonus it no longer offers, or an amount under the
 * bonus's minDeposit. The offers, read again, say whether that was it; when they cannot be read,
 * the choice (checked first) is named.
 */
async function refusedForBonus(slug: string, amount: number): Promise<boolean> {
  let offers;
  try {
    offers = await getDepositBonuses();
  } catch {
    return true;
  }
  const offer = offers.find((o) => o.slug === slug);
  return !offer || !reachesMinDeposit(amount, offer);
}

/**
 * A deposit's refusal naming no field as the error of the field it is about; other errors
 * unchanged. It is the bonus choice's when the bonus was refused (`refusedForBonus`); otherwise
 * it is about the amount (a deposit limit it would cross, naming what is left: issue 31; a closed
 * account), as a withdrawal's short balance: the Amount's, with a bonus chosen or not.
 */
export async function asRefusalError(error: unknown, input: PayInput): Promise<unknown> {
  if (!isUnnamedRefusal(error)) return error;
  if (input.bonus && (await refusedForBonus(input.bonus, Number(input.detail[AMOUNT_KEY])))) {
    return new ApiError(error.message, error.status, { [BONUS_KEY]: error.message });
  }
  return asAmountError(error);
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
    throw await asRefusalError(error, input);
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
