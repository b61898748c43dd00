import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { kindOf, jsonProblem } from '../utils/files';
import { contentFileSchema, type ContentFile } from './get-content-files';

/**
 * PUT content/files { files: [{ name, text, hash }] }: saves the changed files (`content.edit`).
 * The server checks them all first (JSON, pages, translations) and saves nothing if one is wrong
 * (422, its message names why) or was changed by someone else since it was read (409: `hash` is
 * the text as read); else every node shows them at once, and it answers the names of the files
 * that changed.
 */

export const savedSchema = z.object({ changed: z.array(z.string()) });

export type Saved = z.infer<typeof savedSchema>;

export async function saveContentFiles(files: ContentFile[]): Promise<Saved> {
  const { data } = await api.put('content/files', { files }, { schema: savedSchema });
  return data;
}

export function useSaveContentFiles() {
  return useMutation({ mutationFn: saveContentFiles, meta: { errorToast: false } });
}

/**
 * The editor's form: every file's text; a JSON file that was changed must parse before anything
 * is sent (the server checks the rest). `saved` holds the texts as the server has them.
 */
export function contentFormSchema(saved: ReadonlyMap<string, string>) {
  return z.object({
    files: z.array(contentFileSchema).superRefine((files, ctx) => {
      files.forEach((file, index) => {
        if (saved.get(file.name) === file.text || !isJson(file.name)) return;
        const problem = jsonProblem(file.text);
        if (problem) {
          ctx.addIssue({ code: 'custom', path: [index, 'text'], message: problem });
        }
      });
    }),
  });
}

const isJson = (name: string) => {
  const kind = kindOf(name).kind;
  return kind === 'json' || kind === 'translations';
};

export type ContentFormValues = z.infer<ReturnType<typeof contentFormSchema>>;

/** The files whose text differs from the saved one. */
export function changedFiles(
  files: readonly ContentFile[],
  saved: ReadonlyMap<string, string>,
): ContentFile[] {
  return files.filter((file) => saved.get(file.name) !== file.text);
}
