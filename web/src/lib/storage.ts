/** Local storage keys of the spec (section 3), plus the popup memory (features/popup/seen). */
export const STORAGE_KEYS = {
  authData: 'authData',
  bootstrap: 'bootstrap',
  lang: 'lang',
  fingerprint: 'fingerprint',
  topNotifyRead: 'topNotifyRead',
  popupSeen: 'popupSeen',
  popupSeenIn: 'popupSeenIn',
  /** Why the session ended, told once the page is back (a time-out taken, a session time limit). */
  logoutNotice: 'logoutNotice',
} as const;

/**
 * What a logout leaves in local storage: the player's language, that the start-up popup was
 * seen (the member who just left is not shown it again), and why the session ended when the app
 * said so (shown once after the reload). Everything else goes.
 */
export const KEPT_AT_LOGOUT: readonly string[] = [
  STORAGE_KEYS.lang,
  STORAGE_KEYS.popupSeen,
  STORAGE_KEYS.popupSeenIn,
  STORAGE_KEYS.logoutNotice,
];

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage full or disabled: the app keeps working without it */
  }
}

export function readJson<T = unknown>(key: string): T | null {
  const raw = readString(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}

/** Clears local and session storage, but the local `keep` keys. */
export function clearAllStorage(keep: readonly string[] = []): void {
  try {
    const kept = keep.map((key) => [key, window.localStorage.getItem(key)] as const);
    window.localStorage.clear();
    for (const [key, value] of kept) {
      if (value !== null) window.localStorage.setItem(key, value);
    }
  } catch {
    /* ignore */
  }
  try {
    window.sessionStorage.clear();
  } catch {
    /* ignore */
  }
}
