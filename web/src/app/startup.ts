import type { QueryClient } from '@tanstack/react-query';
import { captureAffiliateParams } from '@/lib/affiliate';
import { onSessionReset, setApiNavigator } from '@/lib/api-client';
import { readCachedBootstrap, type Bootstrap } from '@/lib/bootstrap';
import { closeDialog } from '@/lib/dialogs';
import { initFingerprint } from '@/lib/fingerprint';
import { applyTranslations, initI18n } from '@/lib/i18n';
import { resetAuth } from '@/lib/auth';
import {
  BUILT_IN_LANGUAGES,
  getCurrentLanguage,
  readStoredLanguage,
  resolveLanguage,
} from '@/lib/language';

/** The key each translations file carries naming its own language. */
const LOCALE_KEY = 'meta.locale';

export function availableLocales(bootstrap: Bootstrap | null): string[] {
  const locales = (bootstrap?.language ?? []).map((l) => l.locale).filter(Boolean);
  return locales.length > 0 ? locales : BUILT_IN_LANGUAGES;
}

/** Applies a bootstrap's texts if they are in `lang`. */
export function applyBootstrapTexts(lang: string, bootstrap: Bootstrap): void {
  const declared = bootstrap.translationList.find((t) => t.key === LOCALE_KEY)?.value;
  if (declared && declared !== lang) return;
  applyTranslations(lang, bootstrap.translationList);
}

/**
 * Before the first render: the language (stored only if available, else tr), with the cached
 * bootstrap's texts; then the bootstrap call and the fingerprint start together.
 */
export function startApp(queryClient: QueryClient, navigate: (to: string) => void): string {
  const cached = readCachedBootstrap();
  const lang = resolveLanguage(readStoredLanguage(), availableLocales(cached));
  initI18n(lang);
  if (cached) applyBootstrapTexts(lang, cached);

  captureAffiliateParams(window.location.search);
  setApiNavigator(navigate);
  onSessionReset(() => {
    queryClient.clear();
    resetAuth();
    closeDialog();
  });
  void initFingerprint();
  return lang;
}

/**
 * When a fresh bootstrap arrives: language first (re-checked against the fresh locales), then
 * its texts. Returns true when the language changed and the bootstrap must be fetched again.
 */
export function onFreshBootstrap(bootstrap: Bootstrap): boolean {
  const lang = resolveLanguage(readStoredLanguage(), availableLocales(bootstrap));
  if (lang !== getCurrentLanguage()) {
    initI18n(lang);
    return true;
  }
  applyBootstrapTexts(lang, bootstrap);
  return false;
}
