import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { zSubmitted } from '@shared/api/generated/zod.gen';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import type { PayInput } from './deposit';
import { invalidateMoney } from './invalidate';

/**
 * POST payment/withdraw {id, target: 'pay', detail}: the amount is held at once (the balance
 * drops) and the request waits for the operator. The server's message shows as a success toast.
 * A short balance is refused with a 400 naming no field: it is the Amount's error, so a form
 * showing Amount puts it under that field (one message, no toast); elsewhere it is the toast.
 */
export async function withdraw(input: PayInput) {
  try {
    return await api.post(
      'payment/withdraw',
      { id: input.id, target: 'pay', detail: input.detail },
      { schema: zSubmitted },
    );
  } catch (error) {
    throw asAmountError(error);
  }
}

/** The payload key of the amount (the server's payments::domain::AMOUNT). */
export const AMOUNT_KEY = 'Amount';

/** A 400 that names no field (the short balance) as the Amount's field error; others unchanged. */
export function asAmountError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400 || error.field) return error;
  return new ApiError(error.message, error.status, { [AMOUNT_KEY]: error.message });
}

export function useWithdraw(options?: MutationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    meta: withMeta({ successToast: true }, options),
    onSuccess: () => invalidateMoney(queryClient),
  });
}
