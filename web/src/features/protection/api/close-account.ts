import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { CloseBody } from '@shared/api/generated';
import { zClosedUntil } from '@shared/api/generated/zod.gen';
import { logoutLocally } from '@/lib/session-store';

/**
 * POST protection/close {term, confirm: true}: a time-out (24h, 7d, 1m, 6w) or a self-exclusion
 * (6m, 1y, 5y, permanent). It cannot be lifted early. Every session of the player ends at once,
 * this one too: the session is forgotten here without the logout call, and the server's message
 * (until when) is shown once the page is back.
 */

export const TIMEOUT_TERMS = ['24h', '7d', '1m', '6w'] as const;
export const EXCLUSION_TERMS = ['6m', '1y', '5y', 'permanent'] as const;

export type TimeoutTerm = (typeof TIMEOUT_TERMS)[number];
export type ExclusionTerm = (typeof EXCLUSION_TERMS)[number];
export type Term = TimeoutTerm | ExclusionTerm;

export const termSchema = z.enum([...TIMEOUT_TERMS, ...EXCLUSION_TERMS]);

export function closeAccount(term: Term) {
  return api.post('protection/close', { term, confirm: true } satisfies CloseBody, {
    schema: zClosedUntil,
  });
}

export function useCloseAccount() {
  return useMutation({
    mutationFn: closeAccount,
    onSuccess: ({ message }) => logoutLocally(message ?? undefined),
  });
}
