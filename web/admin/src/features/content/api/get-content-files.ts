import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * GET content/files: the site content's editable files in `content/`'s format (`site.json`,
 * `sliders.json`, `popup.json`, `promotions.json`, `pages.json`, `pages/NAME.LOCALE.html`,
 * `translations/LOCALE.json`), each `{ name, text, hash }` (`content.edit`). Read once per visit of the
 * editor (a read in the background would not replace what is being edited), and again after a save.
 */

/** `hash`: the text's SHA-256 as read, sent back with a save (a file changed since is refused). */
export const contentFileSchema = z.object({
  name: z.string(),
  text: z.string(),
  hash: z.string().optional(),
});

export type ContentFile = z.infer<typeof contentFileSchema>;

export const contentFilesQueryKey = ['content-files'] as const;

export async function getContentFiles(): Promise<ContentFile[]> {
  const { data } = await api.get('content/files', { schema: z.array(contentFileSchema) });
  return data;
}

export function useContentFiles() {
  return useQuery(
    queryOptions({
      queryKey: contentFilesQueryKey,
      queryFn: getContentFiles,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
  );
}
