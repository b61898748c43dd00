import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * GET withdrawals: pending withdrawals, oldest first, with what a reviewer weighs (identity,
 * approvals so far, risk notes, the player's last 30 days). Needs `payments.read`.
 */

export const approvalSchema = z.object({
  staffId: z.number(),
  username: z.string(),
  at: z.number(),
});

export const withdrawalSchema = z.object({
  id: z.number(),
  reference: z.string(),
  playerId: z.number(),
  username: z.string(),
  amount: z.number(),
  method: z.string(),
  detail: z.unknown(),
  createdAt: z.number(),
  /** not_started | pending | incomplete | approved | rejected | expired */
  identity: z.string(),
  approvals: z.array(approvalSchema),
  approvalsNeeded: z.number(),
  risk: z.array(z.string()),
  deposited30d: z.number(),
  staked30d: z.number(),
  won30d: z.number(),
});

export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalsQueryKey = ['withdrawals'] as const;

export async function getWithdrawals(): Promise<Withdrawal[]> {
  const { data } = await api.get('withdrawals', { schema: z.array(withdrawalSchema) });
  return data;
}

export function useWithdrawals() {
  return useQuery(
    queryOptions({
      queryKey: withdrawalsQueryKey,
      queryFn: getWithdrawals,
      refetchInterval: 30_000,
    }),
  );
}
