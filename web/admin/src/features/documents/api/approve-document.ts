import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { documentsQueryKey } from './get-documents';

/** POST documents/{id}/approve { expires?: "YYYY-MM-DD" }: approves a pending document. */

export const approveDocumentSchema = z.object({
  expires: z
    .string()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Use a full date.'),
});

export type ApproveDocumentValues = z.infer<typeof approveDocumentSchema>;

export async function approveDocument({ id, expires }: ApproveDocumentValues & { id: number }) {
  return api.post(`documents/${id}/approve`, expires ? { expires } : {});
}

export function useApproveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDocument,
    meta: { errorToast: false },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: documentsQueryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: ['queues'] });
    },
  });
}
