import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, toLanguage, type Language } from '@crm/shared';
import sharedFr from '@crm/shared/locales/fr.json';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import webFr from '@/locales/fr.json';

export type Catalogue = { [key: string]: string | Catalogue };

/** Deep merge: the web catalogue adds keys to the shared namespaces (auth, errors…). */
export function mergeCatalogues(...catalogues: Catalogue[]): Catalogue {
  const merged: Catalogue = {};
  for (const catalogue of catalogues) {
    for (const [key, value] of Object.entries(catalogue)) {
      const existing = merged[key];
      merged[key] =
        typeof value === 'object' && typeof existing === 'object' ? mergeCatalogues(existing, value) : value;
    }
  }
  return merged;
}

/**
 * French, the default language (spec 000 §1), travels in the entry; English, only read by someone who chose it,
 * is fetched when chosen.
 */
const frenchCatalogue = mergeCatalogues(sharedFr, webFr);

export function loadCatalogue(language: Language): Promise<Catalogue> {
  if (language === 'fr') return Promise.resolve(frenchCatalogue);
  return Promise.all([import('@crm/shared/locales/en.json'), import('@/locales/en.json')]).then(([shared, web]) =>
    mergeCatalogues(shared.default, web.default),
  );
}

/** Hands i18next the catalogues it lacks: changeLanguage waits for the chosen one before switching. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    loadCatalogue(toLanguage(language)).then(
      (catalogue) => {
        callback(null, catalogue);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : String(error), null);
      },
    );
  },
};

dayjs.extend(localizedFormat);

i18n.on('languageChanged', () => {
  const language = currentLanguage();
  dayjs.locale(language);
  document.documentElement.lang = language;
});

/** Resolves once the active language's catalogue is there (at once for French); main.tsx renders after it. */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { fr: { translation: frenchCatalogue } },
    partialBundledLanguages: true,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // Only an explicit choice counts: French stays the default even in an English browser (spec 000 §1).
    detection: {
      order: ['localStorage'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });

/** The active language, reduced to one the product supports. */
export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export { i18n };

/**
 * Translates a key that arrives as data (a shared zod schema's message, an error code), which the typed
 * t() can't check; an unknown key is shown as is rather than hidden.
 */
export function translateKey(key: string): string {
  return i18n.t(key, { defaultValue: key });
}
