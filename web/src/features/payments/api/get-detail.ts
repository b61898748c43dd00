import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { zFieldType } from '@shared/api/generated/zod.gen';
import type { PaymentKind } from './get-methods';

/**
 * POST payment/detail {id, type}: a method's form, one field per entry (spec section 3, Payment
 * detail field). A dropdown choice's id is a number or a text (the generated schema reads it as
 * an object, so the field is described here).
 */

const fieldSchema = z.object({
  key: z.string(),
  mask: z.nullish(z.string()),
  objectType: zFieldType,
  option: z.nullish(z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() }))),
});
export type PaymentField = z.infer<typeof fieldSchema>;

const detailSchema = z.array(fieldSchema);

export async function getDetail(id: number, type: PaymentKind): Promise<PaymentField[]> {
  return (await api.post('payment/detail', { id, type }, { schema: detailSchema })).data;
}

/**
 * The dialog shows the failure's message itself and closes (spec section 8): an error toast,
 * never retried, read afresh at every opening.
 */
export function useDetail(id: number, type: PaymentKind) {
  return useQuery({
    queryKey: ['payment', 'detail', type, id],
    queryFn: () => getDetail(id, type),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    meta: { errorToast: true },
  });
}
