import { STORAGE_KEYS, readString, writeString } from './storage';
import { browser } from './browser';

export const DEFAULT_LANGUAGE = 'tr';
/** The languages the app carries built-in texts for (used before any bootstrap arrived). */
export const BUILT_IN_LANGUAGES = ['tr', 'en'];

/**
 * The language rule of spec section 5: the stored language is used only if it is among the
 * available locales; otherwise tr.
 */
export function resolveLanguage(stored: string | null, available: readonly string[]): string {
  if (stored && available.includes(stored)) return stored;
  return DEFAULT_LANGUAGE;
}

let current = DEFAULT_LANGUAGE;

export function getCurrentLanguage(): string {
  return current;
}

export function setCurrentLanguage(lang: string): void {
  current = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function readStoredLanguage(): string | null {
  return readString(STORAGE_KEYS.lang);
}

export const LANGUAGE_RELOAD_MS = 100;

/** Stores the chosen language and reloads the page 100 ms later (spec section 4). */
export function changeLanguage(lang: string): void {
  writeString(STORAGE_KEYS.lang, lang);
  window.setTimeout(() => browser.reload(), LANGUAGE_RELOAD_MS);
}
