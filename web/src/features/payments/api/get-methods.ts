import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { MethodItem } from '@shared/api/generated';
import { zMethodItem } from '@shared/api/generated/zod.gen';

/** GET payment/methods?type=1|2: the enabled methods of a kind (1 deposit, 2 withdraw). */

export type PaymentKind = 1 | 2;
export const DEPOSIT: PaymentKind = 1;
export const WITHDRAW: PaymentKind = 2;
export type { MethodItem };

const methodsSchema = z.array(zMethodItem);

export async function getMethods(type: PaymentKind): Promise<MethodItem[]> {
  return (await api.get('payment/methods', { params: { type }, schema: methodsSchema })).data;
}

/** The page shows its own load error with Retry: silent. */
export function useMethods(type: PaymentKind) {
  return useQuery({ queryKey: ['payment', 'methods', type], queryFn: () => getMethods(type) });
}
