import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FingerprintLog } from '@shared/api/generated';
import type { FingerprintResult } from '../fingerprint';

/** POST cms/fingerprintlog: the fingerprint's components, sent rarely, at random; silent. */
export function logFingerprint(result: FingerprintResult) {
  return api.post('cms/fingerprintlog', result satisfies FingerprintLog);
}

/** Sends the log as a mutation outside React (the app starts it before the first render). */
export function sendFingerprintLog(queryClient: QueryClient, result: FingerprintResult): void {
  const observer = new MutationObserver(queryClient, {
    mutationFn: logFingerprint,
    meta: { errorToast: false },
  });
  observer.mutate(result).catch(() => undefined);
}
