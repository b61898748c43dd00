import type { QueryClient } from '@tanstack/react-query';
import { captureAffiliateParams } from '@/lib/affiliate';
import { getFingerprint, markFingerprintPending } from '@/lib/fingerprint-store';
import { whenIdle } from '@/lib/idle';
import {
  bootstrapQueryOptions,
  readCachedBootstrap,
  readPageBootstrap,
  seedBootstrap,
  type Bootstrap,
} from '@/features/bootstrap/api/get-bootstrap';
import { closeDialog } from '@/features/auth/stores/dialogs';
import { claimableQueryOptions } from '@/features/bonuses/api/get-claimable';
import { closeClaimDialog } from '@/features/bonuses/stores/claim-dialog';
import { markPopupSeen } from '@/features/popup/seen';
import { applyTranslations, initI18n } from '@/lib/i18n';
import { getSession, onSessionReset, resetSession, setLogoutNavigator } from '@/lib/session-store';
import {
  BUILT_IN_LANGUAGES,
  DEFAULT_LANGUAGE,
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

/** The language a bootstrap's texts declare they are in, if they do. */
function declaredLocale(bootstrap: Bootstrap): string | undefined {
  return bootstrap.translationList.find((t) => t.key === LOCALE_KEY)?.value;
}

/** Applies a bootstrap's texts if they are in `lang`. */
export function applyBootstrapTexts(lang: string, bootstrap: Bootstrap): void {
  const declared = declaredLocale(bootstrap);
  if (declared && declared !== lang) return;
  applyTranslations(lang, bootstrap.translationList);
}

/** A returning visitor's collector runs at the first idle moment, at most this long after start. */
export const FINGERPRINT_IDLE_MS = 3000;

/**
 * The language (stored only if available, else tr) and the texts to start with: those of the
 * bootstrap the page arrived with when it is in that language (it is then the fresh answer, and
 * no call is made for it), else the cached one's while the bootstrap call goes out.
 */
export function startLanguage(queryClient: QueryClient): string {
  // The stored copy is read (and validated) only when the page's is missing or not in the language.
  const fromPage = readPageBootstrap();
  const known = fromPage ?? readCachedBootstrap();
  const lang = resolveLanguage(readStoredLanguage(), availableLocales(known));
  initI18n(lang);
  const fresh =
    fromPage && (declaredLocale(fromPage) ?? DEFAULT_LANGUAGE) === lang ? fromPage : null;
  if (fresh) seedBootstrap(queryClient, fresh);
  const start = fresh ?? (fromPage ? readCachedBootstrap() : known);
  if (start) applyBootstrapTexts(lang, start);
  return lang;
}

/** Before the first render: the language and texts, then the fingerprint (and bonus step). */
export function startApp(queryClient: QueryClient, navigate: (to: string) => void): string {
  const lang = startLanguage(queryClient);

  captureAffiliateParams(window.location.search);
  setLogoutNavigator(navigate);
  onSessionReset(() => resetAfterLogout(queryClient));
  // Every call carries the fingerprint: on a first visit, calls made before it is known wait for
  // it (at most FINGERPRINT_WAIT_MS), so its code loads at once, before the bootstrap call goes
  // out. A returning visitor's calls carry the stored one, and the collector runs again to keep it
  // current once the page has started (it draws on a canvas and reads the time zone, a long task
  // on a phone).
  const determine = () =>
    void import('@/features/fingerprint/fingerprint').then((m) => m.initFingerprint(queryClient));
  if (getFingerprint()) whenIdle(determine, FINGERPRINT_IDLE_MS);
  else {
    markFingerprintPending();
    determine();
  }
  prefetchBonusStep(queryClient);
  return lang;
}

/**
 * What a logout resets (after the storage was cleared but the language and the popup memory):
 * the start-up popup of the bootstrap shown is remembered as seen first (a member who was logged
 * in this browser has seen it: it does not greet them as a new member once they left), then the
 * queries, the session and the open dialogs go.
 */
export function resetAfterLogout(queryClient: QueryClient): void {
  const popup = queryClient.getQueryData(bootstrapQueryOptions().queryKey)?.popup;
  if (popup && popup.images.length > 0) markPopupSeen(popup);
  queryClient.clear();
  resetSession();
  closeDialog();
  closeClaimDialog();
}

/**
 * Startup's 'bonus' step (spec section 2's order: bootstrap and fingerprint first, then the rest):
 * once the bootstrap call has answered (or failed once), a logged-in player's claimable rewards
 * are fetched, so the header can mark Claim Reward when something waits. Logged out nothing is
 * asked; a later login loads them with the header.
 */
export function prefetchBonusStep(queryClient: QueryClient): void {
  if (!getSession().isLoggedIn) return;
  const cache = queryClient.getQueryCache();
  const answered = () => {
    const state = cache.find({ queryKey: ['bootstrap'], exact: true })?.state;
    return state !== undefined && (state.dataUpdatedAt > 0 || state.fetchFailureCount > 0);
  };
  const run = () => {
    if (getSession().isLoggedIn) void queryClient.prefetchQuery(claimableQueryOptions());
  };
  if (answered()) return run();
  const unsubscribe = cache.subscribe(() => {
    if (!answered()) return;
    unsubscribe();
    run();
  });
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
