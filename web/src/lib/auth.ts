import { z } from 'zod';
import { createStore, useStore } from './create-store';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from './storage';

/** Stored login data (local storage key authData), spec section 3. */
export const authDataSchema = z.looseObject({
  token: z.string(),
  fingerprint: z.string().nullish(),
  balance: z.number().nullish(),
  username: z.string().nullish(),
  usercode: z.union([z.string(), z.number()]).nullish(),
  betsyCid: z.union([z.string(), z.number()]).nullish(),
  betsyUrl: z.string().nullish(),
  betsyToken: z.string().nullish(),
  betcoToken: z.string().nullish(),
  betcoUrl: z.string().nullish(),
  smsVerified: z.boolean().nullish(),
  phone: z.string().nullish(),
});

export type AuthData = z.infer<typeof authDataSchema>;

export type AuthState = {
  isLoggedIn: boolean;
  authData: AuthData | null;
  balance: number;
  /** Betting access: true when a betco url exists. */
  bettingAccess: boolean;
};

function fromAuthData(authData: AuthData | null): AuthState {
  return {
    isLoggedIn: authData != null,
    authData,
    balance: authData?.balance ?? 0,
    bettingAccess: Boolean(authData?.betcoUrl),
  };
}

export function loadAuthData(): AuthData | null {
  const parsed = authDataSchema.safeParse(readJson(STORAGE_KEYS.authData));
  return parsed.success ? parsed.data : null;
}

export const authStore = createStore<AuthState>(fromAuthData(loadAuthData()));

export function setAuthData(authData: AuthData): void {
  writeJson(STORAGE_KEYS.authData, authData);
  authStore.set(fromAuthData(authData));
}

export function setBalance(balance: number): void {
  authStore.set((s) => ({ ...s, balance }));
}

/** Forgets the session locally (no server call). */
export function resetAuth(): void {
  removeKey(STORAGE_KEYS.authData);
  authStore.set(fromAuthData(null));
}

export function getToken(): string | null {
  return authStore.get().authData?.token ?? null;
}

export function useAuth(): AuthState {
  return useStore(authStore);
}
