import { useSyncExternalStore } from 'react';

/**
 * The staff session's token (docs/backoffice-api.md): kept in sessionStorage, so it lives as long
 * as the tab and is never shared with the player site's storage. The server ends a session after
 * 8 hours, or 30 minutes without a call; any 401 ends it here too (`endSession('expired')`), and the
 * app goes back to sign-in with a line saying why.
 */

export const TOKEN_KEY = 'kasa.admin.token';

/** Why the last session ended: signed out on purpose, or refused by the server (a 401). */
export type EndReason = 'signed-out' | 'expired';

export interface SessionState {
  token: string | null;
  /** Why there is no session (null while signed in, or on a first visit). */
  ended: EndReason | null;
}

function readToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let state: SessionState = { token: readToken(), ended: null };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function getToken(): string | null {
  return state.token;
}

/** Signed in: the token is kept for the tab's life. */
export function startSession(token: string): void {
  try {
    window.sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage refused (private mode): the session lasts as long as the page.
  }
  set({ token, ended: null });
}

/** The session is over (signed out, or a 401): the token is forgotten. */
export function endSession(reason: EndReason): void {
  try {
    window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored.
  }
  if (state.token === null && state.ended === reason) return;
  set({ token: null, ended: reason });
}

/** Reads the storage again (tests start each case from a fresh sessionStorage). */
export function reloadSession(): void {
  set({ token: readToken(), ended: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Calls `listener` on every change of the session (sign-in, sign-out, a 401). */
export function onSessionChange(listener: () => void): () => void {
  return subscribe(listener);
}
