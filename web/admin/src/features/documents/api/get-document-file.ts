import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET documents/{id}/file: the file itself (JPEG, PNG or PDF), fetched with the staff token and
 * shown from a blob URL. The server records every view in the audit log, so it is read once per
 * visit: never again in the background, and not kept after the page closes.
 */

export async function getDocumentFile(id: number): Promise<Blob> {
  return api.file(`documents/${id}/file`);
}

export function useDocumentFile(id: number) {
  return useQuery(
    queryOptions({
      queryKey: ['documents', id, 'file'],
      queryFn: () => getDocumentFile(id),
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
  );
}
