import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, toLanguage, type Language } from '@crm/shared';
// Only the namespaces the sign-in page, the route error and the API client read; the pages drawn with antd add the
// rest (french-catalogue.ts). Not the shared `errors`: the server sends their text translated, and the sign-in
// page's own fallback is the web's (`auth.invalidCredentials`).
import { auth as sharedAuth, validation } from '@crm/shared/locales/fr.json';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { app, auth, errors, language as languageTexts } from '@/locales/fr.json';

export type Catalogue = { [key: string]: string | Catalogue };

/** Deep merge: the web catalogue adds keys to the shared namespaces (auth, errors…). */
export function mergeCatalogues(...catalogues: Catalogue[]): Catalogue {
  const merged: Catalogue = {};
  for (const catalogue of catalogues) {
    for (const [key, value] of Object.entries(catalogue)) {
      const existing = merged[key];
      // Nested namespaces are copied, never shared: i18next extends what it is given in place, and must not
      // write into the imported JSON modules.
      merged[key] =
        typeof value === 'object' ? mergeCatalogues(typeof existing === 'object' ? existing : {}, value) : value;
    }
  }
  return merged;
}

/**
 * French, the default language (spec 000 §1), travels in the entry, as far as the sign-in page reads it; the
 * signed-in pages bring the rest (french-catalogue.ts, decision 0040). English, only read by someone who chose
 * it, is fetched whole when chosen. The texts of a few admin pages come with those pages (page-catalogue.ts).
 */
const signInCatalogue = mergeCatalogues(
  { validation, auth: sharedAuth },
  { app, language: languageTexts, auth, errors },
);

export function loadCatalogue(language: Language): Promise<Catalogue> {
  if (language === 'fr') return import('@/lib/french-catalogue').then((module) => module.frenchCatalogue);
  return Promise.all([import('@crm/shared/locales/en.json'), import('@/locales/en.json')]).then(([shared, web]) =>
    mergeCatalogues(shared.default, web.default),
  );
}

/** Parts some pages added once opened (page-catalogue.ts): a language chosen afterwards brings them too. */
export const laterParts: ((language: Language) => Promise<Catalogue>)[] = [];

/** Hands i18next the catalogues it lacks: changeLanguage waits for the chosen one before switching. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const chosen = toLanguage(language);
    Promise.all([loadCatalogue(chosen), ...laterParts.map((part) => part(chosen))]).then(
      (catalogues) => {
        callback(null, mergeCatalogues(...catalogues));
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : String(error), null);
      },
    );
  },
};

/** Only an explicit choice counts: French stays the default even in an English browser (spec 000 §1). */
function chosenLanguage(): string {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

i18n.on('languageChanged', () => {
  const language = currentLanguage();
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage full or forbidden: the choice lasts until the page is reloaded.
  }
});

/** Resolves once the active language's catalogue is there (at once for French); main.tsx renders after it. */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: chosenLanguage(),
    resources: { fr: { translation: signInCatalogue } },
    partialBundledLanguages: true,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
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
