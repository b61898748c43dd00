import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { documentsQueryKey } from './get-documents';

/** POST documents/{id}/reject { reason }: rejects a pending document with one of six reasons. */

export const REJECT_REASONS = [
  { value: 'unreadable', label: 'Unreadable: blurred, dark or cut off' },
  { value: 'expired_document', label: 'The document has expired' },
  { value: 'name_mismatch', label: 'The name does not match the account' },
  { value: 'birth_date_mismatch', label: 'The date of birth does not match the account' },
  { value: 'not_accepted', label: 'This kind of document is not accepted' },
  { value: 'incomplete', label: 'Incomplete: a side or a page is missing' },
] as const;

type Reason = (typeof REJECT_REASONS)[number]['value'];
const reasons = REJECT_REASONS.map((r) => r.value) as [Reason, ...Reason[]];

export const rejectDocumentSchema = z.object({
  reason: z.union([z.enum(reasons), z.literal('')]).refine((value) => value !== '', {
    message: 'Choose a reason: the player reads it.',
  }),
});

export type RejectDocumentInput = z.input<typeof rejectDocumentSchema>;
export type RejectDocumentValues = z.output<typeof rejectDocumentSchema>;

export async function rejectDocument({ id, reason }: { id: number; reason: string }) {
  return api.post(`documents/${id}/reject`, { reason });
}

export function useRejectDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectDocument,
    meta: { errorToast: false },
    // Awaited, so the queue the reviewer returns to no longer lists the decided document.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: ['queues'] }),
      ]),
  });
}
