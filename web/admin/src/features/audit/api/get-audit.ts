import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** GET audit?q=&limit=: the audit log, newest first (`audit.read`). */

export const auditRowSchema = z.object({
  /** The row's number in the chain (the contract's `id`; the server may name it `seq`). */
  id: z.number().optional(),
  seq: z.number().optional(),
  at: z.number(),
  staffId: z.number().nullable().optional(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  ip: z.string().nullable().optional(),
});

export type AuditRow = z.infer<typeof auditRowSchema>;

/** A row's number in the chain. */
export const rowNumber = (row: AuditRow): number | null => row.id ?? row.seq ?? null;

export const AUDIT_LIMITS = [100, 200, 500, 1000, 5000] as const;

export const auditSearchSchema = z.object({
  q: z.string().trim().max(200, 'At most 200 characters.'),
  limit: z.coerce.number().int().min(1).max(5000),
});

export type AuditSearchInput = z.input<typeof auditSearchSchema>;
export type AuditSearch = z.output<typeof auditSearchSchema>;

export async function getAudit({ q, limit }: AuditSearch): Promise<AuditRow[]> {
  const { data } = await api.get('audit', {
    params: { q, limit },
    schema: z.array(auditRowSchema),
  });
  return data;
}

export function useAudit(search: AuditSearch) {
  return useQuery(
    queryOptions({
      queryKey: ['audit', search.q, search.limit],
      queryFn: () => getAudit(search),
      placeholderData: keepPreviousData,
    }),
  );
}
