import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { kycQueryKey, kycSchema, type DocumentKind, type Side } from './get-kyc';

/**
 * POST kyc/documents as multipart/form-data: kind, docType, side (identity documents: front or
 * back) and file (JPEG, PNG or PDF, at most 10 MB, recognised by its content on the server). The
 * answer is where the checks stand now; the server's message is the success toast. A file it
 * refuses (too large 413, not one of the three 415, a bad form 400) is the file field's error.
 */

export type UploadInput = {
  kind: DocumentKind;
  docType: string;
  side: Side | null;
  file: File;
};

/** The form key of the file (the server's field name). */
export const FILE_KEY = 'file';

/** A refusal naming no field, as the file's error. */
function asFileError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.field) return error;
  if (![400, 413, 415].includes(error.status)) return error;
  return new ApiError(error.message, error.status, { [FILE_KEY]: error.message }, error.data);
}

export async function uploadDocument(input: UploadInput) {
  const form = new FormData();
  form.set('kind', input.kind);
  form.set('docType', input.docType);
  if (input.side) form.set('side', input.side);
  form.set('file', input.file, input.file.name);
  try {
    return await api.post('kyc/documents', form, { schema: kycSchema });
  } catch (error) {
    throw asFileError(error);
  }
}

export function useUploadDocument(options?: MutationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    meta: withMeta({ successToast: true }, options),
    onSuccess: ({ data }) => queryClient.setQueryData(kycQueryKey, data),
  });
}
