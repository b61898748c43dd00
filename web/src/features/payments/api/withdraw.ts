import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { zSubmitted } from '@/lib/api/generated/zod.gen';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import type { PayInput } from './deposit';
import { invalidateMoney } from './invalidate';

/**
 * POST payment/withdraw {id, target: 'pay', detail}: the amount is held at once (the balance
 * drops) and the request waits for the operator; a short balance is refused. The server's message
 * shows as a success toast.
 */
export async function withdraw(input: PayInput) {
  return api.post(
    'payment/withdraw',
    { id: input.id, target: 'pay', detail: input.detail },
    { schema: zSubmitted },
  );
}

export function useWithdraw(options?: MutationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    meta: withMeta({ successToast: true }, options),
    onSuccess: () => invalidateMoney(queryClient),
  });
}
