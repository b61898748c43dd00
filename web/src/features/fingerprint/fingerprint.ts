import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { setFingerprint } from '@/lib/fingerprint-store';
import { hashString } from '@/lib/hash';
import { collectorScriptQueryOptions } from './api/get-collector-script';
import { sendFingerprintLog } from './api/log-fingerprint';

export type FingerprintResult = { visitorId: string; components: Record<string, unknown> };

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

function canvasHash(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 60;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 'no-canvas';
    ctx.textBaseline = 'top';
    ctx.font = "16px 'Arial'";
    ctx.fillStyle = '#f60';
    ctx.fillRect(100, 1, 62, 20);
    ctx.fillStyle = '#069';
    ctx.fillText('Kasa ₺ 🎰 çğıöşü', 2, 15);
    return hashString(canvas.toDataURL());
  } catch {
    return 'no-canvas';
  }
}

/** The local fallback: a hash of stable browser traits. */
export function computeLocalFingerprint(): FingerprintResult {
  const components: Record<string, unknown> = {
    userAgent: navigator.userAgent,
    language: navigator.language,
    platform: navigator.platform,
    screen: `${window.screen?.width ?? 0}x${window.screen?.height ?? 0}`,
    colorDepth: window.screen?.colorDepth ?? 0,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
    canvas: canvasHash(),
  };
  const visitorId =
    hashString(JSON.stringify(components)) + hashString(JSON.stringify(components), 7);
  return { visitorId, components };
}

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
