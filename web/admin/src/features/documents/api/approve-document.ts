import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { documentsQueryKey } from './get-documents';

/**
 * POST documents/{id}/approve { expires?: "YYYY-MM-DD", number?: TC kimlik no }: approves a pending
 * document. The number printed on an identity document is kept on an account without one (a fast
 * registration) and checked against the account's; the answer's message says when the account was
 * closed with the same person's closure elsewhere, or the number is on another account too.
 */

export const approveDocumentSchema = z.object({
  expires: z
    .string()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Use a full date.'),
  number: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || /^[1-9]\d{10}$/.test(value),
      'A TC kimlik number is 11 digits.',
    ),
});

export type ApproveDocumentValues = z.infer<typeof approveDocumentSchema>;

export async function approveDocument({
  id,
  expires,
  number,
}: ApproveDocumentValues & { id: number }) {
  return api.post(`documents/${id}/approve`, {
    ...(expires ? { expires } : {}),
    ...(number ? { number } : {}),
  });
}

export function useApproveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDocument,
    meta: { errorToast: false },
    // Awaited, so the queue the reviewer returns to no longer lists the decided document.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: ['queues'] }),
      ]),
  });
}
