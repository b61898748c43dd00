import { api, logoutLocally } from './api-client';

/** How long the logout button waits for the server before clearing anyway. */
export const LOGOUT_CALL_WAIT_MS = 1500;

/** The logout action: GET auth/logout (best effort, bounded wait), then clears everything locally. */
export async function logout(): Promise<void> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), LOGOUT_CALL_WAIT_MS);
  try {
    await api.get('auth/logout', { toastError: false, signal: controller.signal });
  } catch {
    /* aborted or offline: the session is forgotten locally anyway */
  } finally {
    window.clearTimeout(timer);
  }
  logoutLocally();
}
