import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  computeLocalFingerprint,
  setFingerprint,
  type FingerprintResult,
} from '@/lib/fingerprint-store';
import { collectorScriptQueryOptions } from './api/get-collector-script';
import { sendFingerprintLog } from './api/log-fingerprint';

export type { FingerprintResult };
export { computeLocalFingerprint };

declare global {
  interface Window {
    kasaFingerprint?: FingerprintResult;
  }
}

export const FINGERPRINT_TIMEOUT_MS = 1000;
export const FINGERPRINT_LOG_RATE = 0.01;

const resultSchema = z.object({
  visitorId: z.string().check(z.minLength(1)),
  components: z.record(z.string(), z.unknown()),
});

function waitForCollector(timeoutMs: number): Promise<FingerprintResult | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      const result = resultSchema.safeParse(window.kasaFingerprint).data;
      if (result) return resolve(result);
      if (Date.now() - started >= timeoutMs) return resolve(null);
      window.setTimeout(check, 50);
    };
    check();
  });
}

/** Runs the server's collector script (GET cms/coveryjs), waiting at most 1 s for its result. */
async function collectFromServer(queryClient: QueryClient): Promise<FingerprintResult | null> {
  let source: string;
  try {
    source = await queryClient.fetchQuery(collectorScriptQueryOptions());
  } catch {
    return null;
  }
  try {
    const script = document.createElement('script');
    script.textContent = source;
    script.dataset.kasa = 'fingerprint';
    document.head.appendChild(script);
  } catch {
    return null;
  }
  return waitForCollector(FINGERPRINT_TIMEOUT_MS);
}

/**
 * Determines the visitor's fingerprint, keeps it in local storage (key fingerprint) and, about
 * one visit in 100, sends it to POST cms/fingerprintlog.
 */
export async function initFingerprint(queryClient: QueryClient): Promise<string> {
  const result = (await collectFromServer(queryClient)) ?? computeLocalFingerprint();
  setFingerprint(result.visitorId);
  if (Math.random() < FINGERPRINT_LOG_RATE) sendFingerprintLog(queryClient, result);
  return result.visitorId;
}
