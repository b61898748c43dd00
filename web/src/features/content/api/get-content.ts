import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, unwrap } from '@/lib/api-client';
import { getCurrentLanguage } from '@/lib/language';

/** GET cms/content/{id} (docs/contract.md): one content page, title and HTML body. */

export const contentSchema = z.object({
  id: z.number(),
  categoryId: z.number().nullish(),
  title: z.string(),
  body: z.string(),
});

export type Content = z.infer<typeof contentSchema>;

export async function getContent(id: string): Promise<Content> {
  return unwrap(
    await api.get(`cms/content/${encodeURIComponent(id)}`, {
      schema: contentSchema,
      toastError: false,
    }),
  );
}

export const contentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['content', id, getCurrentLanguage()],
    queryFn: () => getContent(id),
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });

export function useContent(id: string) {
  return useQuery(contentQueryOptions(id));
}
