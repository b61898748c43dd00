import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * GET adjustments: balance adjustments waiting for a second finance member, oldest first
 * (`players.adjust`). Not in docs/backoffice-api.md yet: the server's OpenAPI document has it.
 */

export const adjustmentSchema = z.object({
  id: z.number(),
  playerId: z.number(),
  username: z.string(),
  amount: z.number(),
  reason: z.string(),
  askedBy: z.string(),
  createdAt: z.number(),
});

export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentsQueryKey = ['adjustments'] as const;

export async function getAdjustments(): Promise<Adjustment[]> {
  const { data } = await api.get('adjustments', { schema: z.array(adjustmentSchema) });
  return data;
}

export function useAdjustments() {
  return useQuery(
    queryOptions({
      queryKey: adjustmentsQueryKey,
      queryFn: getAdjustments,
      refetchInterval: 30_000,
    }),
  );
}
