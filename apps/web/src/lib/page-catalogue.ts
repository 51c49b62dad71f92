import { LANGUAGES, type Language } from '@crm/shared';
import { i18n, laterParts, mergeCatalogues, type Catalogue } from '@/lib/i18n';

/*
 * The texts only some lazily loaded pages read (users, logs, configuration, Transparence's declaration, the
 * directory import, the mailbox, the campaigns, the user's account), kept out of the main catalogues so that the other routes don't carry them (decision 0061):
 * the web's and the shared ones (the shared part also holds what only the server translates, such as mail).
 * The router awaits loadPageCatalogue() with those pages' chunks, so they never render without their texts.
 */
type Json = Promise<{ default: Catalogue }>;
const files: Record<Language, () => [shared: Json, web: Json]> = {
  fr: () => [import('@crm/shared/locales/pages/fr.json'), import('@/locales/pages/fr.json')],
  en: () => [import('@crm/shared/locales/pages/en.json'), import('@/locales/pages/en.json')],
};

const fetched = new Map<Language, Promise<Catalogue>>();

/** The part in a language, fetched once; a failed fetch (the network dropped) is tried again next time. */
function pagePart(language: Language): Promise<Catalogue> {
  let part = fetched.get(language);
  if (part === undefined) {
    part = Promise.all(files[language]()).then(([shared, web]) => mergeCatalogues(shared.default, web.default));
    part.catch(() => fetched.delete(language));
    fetched.set(language, part);
  }
  return part;
}

// A language chosen later (on such a page or elsewhere) is switched to with these texts already in.
laterParts.push(pagePart);

/**
 * Adds the part to each language i18next has (the active one, and one chosen before and left): i18next fetches
 * nothing more for a language it already has, so choosing it again finds the pages' texts there.
 */
export function loadPageCatalogue(): Promise<void> {
  const languages = LANGUAGES.filter((language) => i18n.hasResourceBundle(language, 'translation'));
  return Promise.all(
    languages.map((language) =>
      pagePart(language).then((part) => {
        // A copy: i18next extends what it is given in place, and must not write into the imported JSON modules.
        i18n.addResourceBundle(language, 'translation', mergeCatalogues(part), true, true);
      }),
    ),
  ).then(() => undefined);
}
