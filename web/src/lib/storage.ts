/** Local storage keys of the spec (section 3), plus the popup memory. */
export const STORAGE_KEYS = {
  authData: 'authData',
  bootstrap: 'bootstrap',
  lang: 'lang',
  fingerprint: 'fingerprint',
  topNotifyRead: 'topNotifyRead',
  popupSeen: 'popupSeen',
} as const;

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

export function clearAllStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* ignore */
  }
  try {
    window.sessionStorage.clear();
  } catch {
    /* ignore */
  }
}
