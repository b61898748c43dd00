import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { documentsQueryKey } from './get-documents';

/**
 * POST documents/{id}/approve { expires?: "YYYY-MM-DD", number?: TC kimlik no, samePerson?: true }:
 * approves a pending document. The number printed on an identity document is checked against the
 * account's and ties the account to the person; when another account has it, the server refuses
 * (422, naming that account) unless the reviewer says they compared and it is the same person. The
 * answer's message says which accounts a closure of the person closed.
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
  samePerson: z.boolean(),
});

export type ApproveDocumentValues = z.infer<typeof approveDocumentSchema>;

export async function approveDocument({
  id,
  expires,
  number,
  samePerson,
}: ApproveDocumentValues & { id: number }) {
  return api.post(`documents/${id}/approve`, {
    ...(expires ? { expires } : {}),
    ...(number ? { number } : {}),
    ...(number && samePerson ? { samePerson } : {}),
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
