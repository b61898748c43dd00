import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** GET audit/verify: walks the audit chain: how many rows hold, and the first broken one. */

export const verifiedSchema = z.object({ rows: z.number(), brokenAt: z.number().nullable() });

export type Verified = z.infer<typeof verifiedSchema>;

export async function verifyAudit(): Promise<Verified> {
  const { data } = await api.get('audit/verify', { schema: verifiedSchema });
  return data;
}

/** What a walk found, in words. */
export function verifiedText({ rows, brokenAt }: Verified): string {
  const count = `${rows.toLocaleString('en-GB')} row${rows === 1 ? '' : 's'}`;
  return brokenAt === null
    ? `${count}, chain intact`
    : `${count}, chain broken at row #${brokenAt}`;
}

export function useVerifyAudit() {
  return useMutation({ mutationFn: verifyAudit, meta: { errorToast: false } });
}
