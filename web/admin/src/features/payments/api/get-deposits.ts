import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** GET deposits: pending deposits that wait for an operator, oldest first (`payments.read`). */

export const depositSchema = z.object({
  id: z.number(),
  reference: z.string(),
  playerId: z.number(),
  username: z.string(),
  amount: z.number(),
  method: z.string(),
  createdAt: z.number(),
});

export type Deposit = z.infer<typeof depositSchema>;

export const depositsQueryKey = ['deposits'] as const;

export async function getDeposits(): Promise<Deposit[]> {
  const { data } = await api.get('deposits', { schema: z.array(depositSchema) });
  return data;
}

export function useDeposits() {
  return useQuery(
    queryOptions({ queryKey: depositsQueryKey, queryFn: getDeposits, refetchInterval: 30_000 }),
  );
}
