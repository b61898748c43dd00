import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { zCheckState, zDocKind, zDocState } from '@shared/api/generated/zod.gen';

/**
 * GET kyc (issue 31): where the player's identity checks stand: identity and proof of address
 * (each not started, pending, incomplete (one side of a kimlik or licence approved, the other
 * still to come), approved, rejected or expired, with a rejection's reason in the player's
 * language), the documents uploaded, whether every withdrawal now waits for an approved
 * identity, and the operator's thresholds (lira).
 */

export const CHECK_STATES = zCheckState.options;
export const DOCUMENT_STATES = zDocState.options;
export const DOCUMENT_KINDS = zDocKind.options;
export const IDENTITY_TYPES = ['kimlik', 'passport', 'licence'] as const;
export const ADDRESS_TYPES = ['utility_bill', 'bank_statement'] as const;

export type CheckState = (typeof CHECK_STATES)[number];
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export type Side = 'front' | 'back';

const checkSchema = z.object({
  state: z.enum(CHECK_STATES),
  reason: z.nullish(z.string()),
});

export const documentSchema = z.object({
  id: z.number(),
  kind: z.enum(DOCUMENT_KINDS),
  docType: z.string(),
  side: z.nullish(z.enum(['front', 'back'])),
  state: z.enum(DOCUMENT_STATES),
  reason: z.nullish(z.string()),
  uploadedAt: z.number(),
});

export const kycSchema = z.object({
  identity: checkSchema,
  address: checkSchema,
  documents: z.array(documentSchema),
  withdrawalNeedsIdentity: z.boolean(),
  thresholds: z.object({ withdrawalOver: z.number(), depositsOver: z.number() }),
});

export type Kyc = z.infer<typeof kycSchema>;
export type KycDocument = z.infer<typeof documentSchema>;

export const kycQueryKey = ['kyc'] as const;

export async function getKyc(signal?: AbortSignal): Promise<Kyc> {
  return (await api.get('kyc', { schema: kycSchema, signal })).data;
}

/** The section shows a load error with Retry itself: silent. */
export function useKyc() {
  return useQuery({ queryKey: kycQueryKey, queryFn: ({ signal }) => getKyc(signal) });
}
