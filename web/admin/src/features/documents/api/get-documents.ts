import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** GET documents: identity documents waiting for review, oldest first (`kyc.read`). */

export const documentSchema = z.object({
  id: z.number(),
  playerId: z.number(),
  username: z.string(),
  kind: z.string(),
  docType: z.string(),
  side: z.string().nullable(),
  state: z.string(),
  uploadedAt: z.number(),
  size: z.number(),
});

export type DocumentItem = z.infer<typeof documentSchema>;

export const documentsQueryKey = ['documents'] as const;

export async function getDocuments(): Promise<DocumentItem[]> {
  const { data } = await api.get('documents', { schema: z.array(documentSchema) });
  return data;
}

export function useDocuments() {
  return useQuery(
    queryOptions({ queryKey: documentsQueryKey, queryFn: getDocuments, refetchInterval: 30_000 }),
  );
}
