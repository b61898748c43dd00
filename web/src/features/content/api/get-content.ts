import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { ContentPage } from '@shared/api/generated';
import { zContentPage } from '@shared/api/generated/zod.gen';
import { getCurrentLanguage } from '@/lib/language';

/** GET cms/content/{id} (docs/contract.md): one content page, title and HTML body. */

export type Content = ContentPage;

export async function getContent(id: string): Promise<Content> {
  const { data } = await api.get(`cms/content/${encodeURIComponent(id)}`, {
    schema: zContentPage,
  });
  return data;
}

export const contentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['content', id, getCurrentLanguage()],
    queryFn: () => getContent(id),
    // Silent: the page shows its own not-found and load errors. A 404 is not retried.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
  });

export function useContent(id: string) {
  return useQuery(contentQueryOptions(id));
}
