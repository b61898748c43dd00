import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import tr from '../../../content/translations/tr.json';
import en from '../../../content/translations/en.json';
import { DEFAULT_LANGUAGE, setCurrentLanguage } from './language';

/** The built-in texts: the app's fallback when the bootstrap fails. */
export const builtInTexts: Record<string, Record<string, string>> = { tr, en };

export const i18n = i18next.createInstance();

export function initI18n(lang: string): typeof i18n {
  setCurrentLanguage(lang);
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: Object.fromEntries(
        Object.entries(builtInTexts).map(([locale, texts]) => [locale, { translation: texts }]),
      ),
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
  if (!i18n.isInitialized) return builtInTexts[DEFAULT_LANGUAGE]?.[key] ?? key;
  return i18n.t(key, options ?? {});
}
