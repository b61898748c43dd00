import { api, logoutLocally } from './api-client';

/** The logout action: tells the server (best effort), then clears everything locally. */
export function logout(): void {
  void api.get('auth/logout', { toastError: false });
  logoutLocally();
}
