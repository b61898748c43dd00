import * as z from 'zod/mini';
import { V } from '@/lib/validation';
import type { SeedInput } from './recompute';

/**
 * The fair page's two forms: a seeded round (server seed, the commitment shown before the round,
 * client seed, nonce and, for slots, the bet) and a crash round (its hash). Each message is a
 * translation key (the shared `validation.*` rules, or the page's own).
 */

export const FV = {
  hash: 'fair.validation.hash',
  nonce: 'fair.validation.nonce',
  bet: 'fair.validation.bet',
} as const;

const HEX64 = /^[0-9a-fA-F]{64}$/;
/** A u64 in decimal: up to 20 digits, below 2^64. */
const isNonce = (v: string) => /^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n;
/** Lira with at most two decimals (a comma or a point), up to a billion. */
const BET = /^\d{1,10}([.,]\d{1,2})?$/;

const seedText = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${V.length}:1-${max}`),
      z.maxLength(max, `${V.length}:1-${max}`),
    );

export const seedFormSchema = z.object({
  serverSeed: seedText(128),
  commitment: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || HEX64.test(v), FV.hash),
  ),
  clientSeed: seedText(64),
  nonce: z.string().check(z.trim(), z.minLength(1, FV.nonce), z.refine(isNonce, FV.nonce)),
  bet: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || BET.test(v), FV.bet),
  ),
});

export type SeedFormValues = z.infer<typeof seedFormSchema>;

export const crashFormSchema = z.object({
  hash: z.string().check(z.trim(), z.regex(HEX64, FV.hash)),
});

export type CrashFormValues = z.infer<typeof crashFormSchema>;

/** A lira text ("12,50", "3.5", "10") in kuruş, exactly; null when empty. */
export function betKurus(text: string): bigint | null {
  const v = text.trim();
  if (!v) return null;
  const [whole, fraction = ''] = v.replace(',', '.').split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** The recomputation's input from the form's values. */
export function seedInput(values: SeedFormValues): SeedInput {
  return {
    serverSeed: values.serverSeed.trim(),
    clientSeed: values.clientSeed.trim(),
    nonce: BigInt(values.nonce.trim()).toString(),
    bet: betKurus(values.bet),
  };
}
