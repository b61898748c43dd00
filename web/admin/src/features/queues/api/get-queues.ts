import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** GET queues: the three queues' sizes and their oldest items' times (for everyone signed in). */

const queueSchema = z.object({ count: z.number(), oldestAt: z.number().nullable() });

export const queuesSchema = z.object({
  withdrawals: queueSchema,
  deposits: queueSchema,
  documents: queueSchema,
});

export type QueueSize = z.infer<typeof queueSchema>;
export type Queues = z.infer<typeof queuesSchema>;

export const queuesQueryKey = ['queues'] as const;

export async function getQueues(): Promise<Queues> {
  const { data } = await api.get('queues', { schema: queuesSchema });
  return data;
}

export function useQueues() {
  return useQuery(
    queryOptions({ queryKey: queuesQueryKey, queryFn: getQueues, refetchInterval: 30_000 }),
  );
}
