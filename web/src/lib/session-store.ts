import * as z from 'zod/mini';
import { zLoginData } from '@shared/api/generated/zod.gen';
import { browser } from './browser';
import { createStore, useStore } from './create-store';
import {
  KEPT_AT_LOGOUT,
  STORAGE_KEYS,
  clearAllStorage,
  readJson,
  readString,
  removeKey,
  writeJson,
  writeString,
} from './storage';

/**
 * The session: the stored login data (local storage key authData, spec section 3) as a small
 * feature-agnostic store. The API client reads its token, the hub connects with it, and every
 * feature asks it whether the player is logged in; the calls that start and end a session live in
 * the auth feature. The balance is not kept here: it is query data (the account feature's).
 */

/** Every field of a shape, also when it is missing or null. */
function nullishFields<S extends Record<string, z.core.SomeType>>(shape: S) {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, z.nullish(field)]),
  ) as {
    [K in keyof S]: z.ZodMiniOptional<z.ZodMiniNullable<S[K]>>;
  };
}

/**
 * Stored login data (local storage key authData), spec section 3: the server's login data, where
 * a session needs only the token; every other field is checked when present, fields it does not
 * know are kept, and the ids may be numbers (as an older version stored them).
 */
export const authDataSchema = z.looseObject({
  ...nullishFields(zLoginData.shape),
  token: z.string(),
  usercode: z.nullish(z.union([z.string(), z.number()])),
  betsyCid: z.nullish(z.union([z.string(), z.number()])),
});

export type AuthData = z.infer<typeof authDataSchema>;

export type Session = {
  isLoggedIn: boolean;
  authData: AuthData | null;
  /** Betting access: true when a betco url exists. */
  bettingAccess: boolean;
};

function sessionOf(authData: AuthData | null): Session {
  return {
    isLoggedIn: authData != null,
    authData,
    bettingAccess: Boolean(authData?.betcoUrl),
  };
}

export function loadAuthData(): AuthData | null {
  return authDataSchema.safeParse(readJson(STORAGE_KEYS.authData)).data ?? null;
}

export const sessionStore = createStore<Session>(sessionOf(loadAuthData()));

/** Starts (or updates) the session with the server's login data and keeps it in local storage. */
export function setAuthData(authData: AuthData): void {
  writeJson(STORAGE_KEYS.authData, authData);
  sessionStore.set(sessionOf(authData));
}

/** Changes the stored login data of the open session (e.g. a verified phone). */
export function updateAuthData(change: Partial<AuthData>): void {
  const current = sessionStore.get().authData;
  if (current) setAuthData({ ...current, ...change });
}

/** Forgets the session locally (no server call). */
export function resetSession(): void {
  removeKey(STORAGE_KEYS.authData);
  sessionStore.set(sessionOf(null));
}

export function getSession(): Session {
  return sessionStore.get();
}

export function getToken(): string | null {
  return sessionStore.get().authData?.token ?? null;
}

export function useSession(): Session {
  return useStore(sessionStore);
}

// ---- the end of a session ---------------------------------------------------------------------

export const LOGOUT_RELOAD_MS = 300;

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.history.pushState(null, '', to);
const resetCallbacks = new Set<() => void>();

/** The router registers its navigate function here. */
export function setLogoutNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

/** App state that must be reset when the session ends (the app layer registers it). */
export function onSessionReset(callback: () => void): () => void {
  resetCallbacks.add(callback);
  return () => resetCallbacks.delete(callback);
}

let loggingOut = false;

/**
 * Logout without a server call (also what a 401 does): clear local and session storage but the
 * language and the popup memory (KEPT_AT_LOGOUT: the page comes back in the player's language,
 * without the start-up popup they saw), go to '/', reset the state and reload the page after 300 ms.
 * `notice` (why the session ended: a time-out taken, the session time limit reached) is kept for
 * the page after the reload to show once (`takeLogoutNotice`).
 */
export function logoutLocally(notice?: string): void {
  // Kept even when a 401 (a session the server ended) began the logout a moment before.
  if (notice) writeString(STORAGE_KEYS.logoutNotice, notice);
  if (loggingOut) return;
  loggingOut = true;
  clearAllStorage(KEPT_AT_LOGOUT);
  try {
    navigateTo('/');
  } catch {
    /* navigation is best effort: the reload follows anyway */
  }
  resetCallbacks.forEach((cb) => cb());
  window.setTimeout(() => {
    loggingOut = false;
    // The reload lands on the home page even when the router has not finished going there (its
    // page loads lazily: on a slow phone it can take longer than the wait), so a logged-out page
    // never comes back on an account route that would open the login form over the notice.
    const home = document.querySelector('base[href]') ? new URL(document.baseURI).pathname : '/';
    if (window.location.pathname !== home) window.history.replaceState(null, '', home);
    browser.reload();
  }, LOGOUT_RELOAD_MS);
}

/** Why the last session ended, when the app said so before its reload; read once (then gone). */
export function takeLogoutNotice(): string | null {
  const notice = readString(STORAGE_KEYS.logoutNotice);
  if (notice !== null) removeKey(STORAGE_KEYS.logoutNotice);
  return notice;
}
