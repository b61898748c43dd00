import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { logoutLocally } from '@/lib/session-store';

/** How long the logout button waits for the server before clearing anyway. */
export const LOGOUT_CALL_WAIT_MS = 1500;

/**
 * GET auth/logout (best effort, bounded wait), then everything is cleared locally and the page
 * reloads. It cannot fail: offline or slow, the session is forgotten locally anyway.
 */
export async function logout(): Promise<void> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), LOGOUT_CALL_WAIT_MS);
  try {
    await api.get('auth/logout', { signal: controller.signal });
  } catch {
    /* aborted, offline or refused: the session is forgotten locally anyway */
  } finally {
    window.clearTimeout(timer);
  }
  logoutLocally();
}

/** The logout action (header, bottom bar, dashboard tile): silent (spec: response not shown). */
export function useLogout() {
  return useMutation({ mutationFn: logout, meta: { errorToast: false } });
}
