import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * POST sports/selections/{id}/boost { price } (`sports.manage`): the selection's High Rate price,
 * which must beat its price (and be at most 1000), or `null` to remove it. A price that does not
 * beat the selection's is 409.
 */

/** The High Rate form's rule: a decimal price above the selection's own, at most 1000. */
export function boostSchema(price: number) {
  return z.object({
    price: z
      .string()
      .trim()
      .transform((value) => value.replace(',', '.'))
      .pipe(
        z
          .string()
          .regex(/^\d+(\.\d{1,2})?$/, 'A decimal price with at most two decimals, e.g. 2.35.')
          .transform(Number)
          .refine((n) => n > price, `The High Rate price must beat the price, ${price.toFixed(2)}.`)
          .refine((n) => n <= 1000, 'At most 1000.'),
      ),
  });
}

export type BoostInput = z.input<ReturnType<typeof boostSchema>>;
export type BoostValues = z.output<ReturnType<typeof boostSchema>>;

export async function boostSelection({
  selectionId,
  price,
}: {
  selectionId: number;
  price: number | null;
}) {
  return api.post(`sports/selections/${selectionId}/boost`, { price });
}

export function useBoostSelection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: boostSelection,
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sports'] }),
  });
}
