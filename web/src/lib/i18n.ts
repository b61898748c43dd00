import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import tr from '../../../content/translations/tr.json';
import { DEFAULT_LANGUAGE, setCurrentLanguage } from './language';

/**
 * The built-in texts: the app's fallback when the bootstrap fails. The default language's are
 * part of the first load (every language falls back to them); another language's load when that
 * language is used (the app waits for them before its first render, see `builtInTextsReady`).
 */
const builtInLoaders: Record<string, () => Promise<Record<string, string>>> = {
  en: () => import('../../../content/translations/en.json').then((m) => m.default),
};
const builtInLoads = new Map<string, Promise<void>>();

export const i18n = i18next.createInstance();

/** Adds a language's built-in texts under the texts it already has (the bootstrap's win). */
function loadBuiltInTexts(lang: string): Promise<void> {
  const load = builtInLoaders[lang];
  if (!load) return Promise.resolve();
  let loading = builtInLoads.get(lang);
  if (!loading) {
    loading = load().then(
      (texts) => {
        i18n.addResourceBundle(lang, 'translation', texts, true, false);
        // Shown texts follow (react-i18next re-renders on languageChanged).
        if (i18n.language === lang) void i18n.changeLanguage(lang);
      },
      () => {
        builtInLoads.delete(lang);
      },
    );
    builtInLoads.set(lang, loading);
  }
  return loading;
}

/** Settles once the current language's built-in texts are in (at once for the default language). */
export function builtInTextsReady(): Promise<void> {
  return loadBuiltInTexts(i18n.language ?? DEFAULT_LANGUAGE);
}

export function initI18n(lang: string): typeof i18n {
  setCurrentLanguage(lang);
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { [DEFAULT_LANGUAGE]: { translation: tr } },
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else if (i18n.language !== lang) {
    void i18n.changeLanguage(lang);
  }
  void loadBuiltInTexts(lang);
  return i18n;
}

/** Applies the server's translation list (bootstrap translationList) on top of the built-in texts. */
export function applyTranslations(lang: string, list: { key: string; value: string }[]): void {
  if (list.length === 0) return;
  const bundle = Object.fromEntries(list.map((t) => [t.key, t.value]));
  i18n.addResourceBundle(lang, 'translation', bundle, true, true);
}

/** A translated text outside React (e.g. in the API client). */
export function translate(key: string, options?: Record<string, unknown>): string {
  if (!i18n.isInitialized) return (tr as Record<string, string>)[key] ?? key;
  return i18n.t(key, options ?? {});
}
