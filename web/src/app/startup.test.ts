import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_BOOTSTRAP_ID, type Bootstrap } from '@/features/bootstrap/api/get-bootstrap';
import { shouldShowPopup } from '@/features/popup/seen';
import { browser } from '@/lib/browser';
import { i18n, initI18n } from '@/lib/i18n';
import { getCurrentLanguage } from '@/lib/language';
import { createQueryClient } from '@/lib/react-query';
import {
  LOGOUT_RELOAD_MS,
  getSession,
  logoutLocally,
  onSessionReset,
  setAuthData,
} from '@/lib/session-store';
import { STORAGE_KEYS } from '@/lib/storage';
import { resetAfterLogout, startLanguage } from './startup';
import { envelopeText } from '@/test/envelope';

/** A bootstrap in `locale` whose texts name the home link `home`. */
function bootstrapIn(locale: string, home: string): Bootstrap {
  return {
    casinoCategoryList: [],
    categoryList: [],
    domainStatus: { current: 'kasa.bet', next: '' },
    egtJackpotCards: [],
    jackpotCards: [],
    language: [
      { locale: 'tr', name: 'Türkçe' },
      { locale: 'en', name: 'English' },
    ],
    popup: null,
    siteOption: [],
    sliderList: [],
    translationList: [
      { key: 'meta.locale', value: locale },
      { key: 'nav.home', value: home },
    ],
    trialBonusAmount: 100,
  };
}

/** The page's bootstrap block, as the server writes it (an envelope). */
function pageCarries(text: string) {
  const block = document.createElement('script');
  block.id = PAGE_BOOTSTRAP_ID;
  block.type = 'application/json';
  block.textContent = text;
  document.body.append(block);
}

beforeEach(() => localStorage.clear());
afterEach(() => document.getElementById(PAGE_BOOTSTRAP_ID)?.remove());

describe('the bootstrap the page arrives with', () => {
  it('is the fresh answer on a first visit: no call waits for it, it is stored, its texts show', async () => {
    // Arrange
    pageCarries(envelopeText(true, null, bootstrapIn('tr', 'Sayfanın Ana Sayfası')));
    const client = createQueryClient();

    // Act
    const lang = startLanguage(client);

    // Assert
    expect(lang).toBe('tr');
    const state = client.getQueryState(['bootstrap']);
    expect(state?.dataUpdatedAt).toBeGreaterThan(0);
    expect(client.getQueryData<Bootstrap>(['bootstrap'])?.trialBonusAmount).toBe(100);
    // Stored at the first idle moment.
    await new Promise((resolve) => window.setTimeout(resolve, 0));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.bootstrap) ?? 'null')).toEqual(
      bootstrapIn('tr', 'Sayfanın Ana Sayfası'),
    );
    expect(i18n.t('nav.home')).toBe('Sayfanın Ana Sayfası');
  });

  it('is left aside for a visitor who chose another language: the call brings theirs', () => {
    // Arrange: English chosen, an English copy cached; the page carries Turkish.
    localStorage.setItem(STORAGE_KEYS.lang, 'en');
    localStorage.setItem(STORAGE_KEYS.bootstrap, JSON.stringify(bootstrapIn('en', 'Cached Home')));
    pageCarries(envelopeText(true, null, bootstrapIn('tr', 'Sayfanın Ana Sayfası')));
    const client = createQueryClient();

    // Act
    const lang = startLanguage(client);

    // Assert: nothing seeded (the query starts from the cache and calls), English texts.
    expect(lang).toBe('en');
    expect(client.getQueryState(['bootstrap'])).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.bootstrap) ?? 'null')).toEqual(
      bootstrapIn('en', 'Cached Home'),
    );
    expect(i18n.t('nav.home')).toBe('Cached Home');
  });

  it.each([
    ['not JSON', '{"success":true,'],
    ['a failed envelope', envelopeText(false, 'x', null)],
    ['data of another shape', envelopeText(true, null, { sliderList: 'none' })],
  ])('is ignored when it is %s', (_, text) => {
    pageCarries(text);
    const client = createQueryClient();

    startLanguage(client);

    expect(client.getQueryState(['bootstrap'])).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.bootstrap)).toBeNull();
  });
});

describe('after a logout (issue 30)', () => {
  const popup = {
    id: 1,
    url: '/promotions',
    images: [{ url: '/media/popup/en/trial-bonus-sm.webp' }],
  };

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    initI18n('tr');
  });

  /** A member logged in in English, the bootstrap (with its popup) shown, then logged out. */
  function logOutMember(withPopup: boolean) {
    vi.useFakeTimers();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.lang, 'en');
    const client = createQueryClient();
    startLanguage(client);
    client.setQueryData(['bootstrap'], {
      ...bootstrapIn('en', 'Home'),
      popup: withPopup ? popup : null,
    });
    setAuthData({ token: 't' });
    const off = onSessionReset(() => resetAfterLogout(client));
    logoutLocally();
    vi.advanceTimersByTime(LOGOUT_RELOAD_MS);
    off();
    expect(reload).toHaveBeenCalledTimes(1);
    return client;
  }

  it("the page comes back in the member's language, not Turkish", () => {
    const client = logOutMember(false);
    expect(getSession().isLoggedIn).toBe(false);
    expect(client.getQueryData(['bootstrap'])).toBeUndefined();

    // The reloaded page.
    initI18n('tr');
    expect(startLanguage(createQueryClient())).toBe('en');
    expect(getCurrentLanguage()).toBe('en');
  });

  it('the member who just left is not shown the start-up popup (they have seen it)', () => {
    expect(shouldShowPopup(popup)).toBe(true);
    logOutMember(true);
    expect(shouldShowPopup(popup)).toBe(false);
    // A new popup is shown to them as to anyone.
    expect(shouldShowPopup({ ...popup, id: 2, url: '/casino/slot' })).toBe(true);
  });
});
