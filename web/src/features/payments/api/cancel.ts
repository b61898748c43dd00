import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMoney } from './invalidate';

/**
 * POST payment/cancel {id}: the player's own pending deposit, a card one waiting for payment too
 * (nothing was credited, so nothing moves). Withdrawals cannot be cancelled by the player.
 */
export function cancelPayment(id: number) {
  return api.post('payment/cancel', { id });
}

export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayment,
    meta: { successToast: true },
    onSuccess: () => invalidateMoney(queryClient),
  });
}
