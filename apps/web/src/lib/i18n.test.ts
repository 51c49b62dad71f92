import sharedEn from '@crm/shared/locales/en.json';
import sharedFr from '@crm/shared/locales/fr.json';
import sharedPagesEn from '@crm/shared/locales/pages/en.json';
import sharedPagesFr from '@crm/shared/locales/pages/fr.json';
import { describe, expect, it } from 'vitest';
import { i18n, loadCatalogue, mergeCatalogues, type Catalogue } from '@/lib/i18n';
import webEn from '@/locales/en.json';
import webFr from '@/locales/fr.json';
import webPagesEn from '@/locales/pages/en.json';
import webPagesFr from '@/locales/pages/fr.json';

function flatten(catalogue: Catalogue, prefix = ''): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') entries[path] = value;
    else Object.assign(entries, flatten(value, path));
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '').sort();
}

// The main catalogues with the pages' part (lib/page-catalogue.ts), as a signed-in admin has them.
const catalogues = {
  fr: mergeCatalogues(await loadCatalogue('fr'), sharedPagesFr, webPagesFr),
  en: mergeCatalogues(await loadCatalogue('en'), sharedPagesEn, webPagesEn),
};
const keysOf = (...parts: Catalogue[]) => parts.flatMap((part) => Object.keys(flatten(part)));

describe('catalogues', () => {
  it('the web catalogues have the same keys in French and English', () => {
    expect(Object.keys(flatten(webEn)).sort()).toEqual(Object.keys(flatten(webFr)).sort());
    expect(Object.keys(flatten(webPagesEn)).sort()).toEqual(Object.keys(flatten(webPagesFr)).sort());
    expect(Object.keys(flatten(sharedPagesEn)).sort()).toEqual(Object.keys(flatten(sharedPagesFr)).sort());
  });

  it('the merged catalogues (shared + web) have the same keys in French and English', () => {
    expect(Object.keys(flatten(catalogues.en)).sort()).toEqual(Object.keys(flatten(catalogues.fr)).sort());
  });

  it('the web catalogue adds to the shared one and never redefines a shared key', () => {
    const shared = keysOf(sharedFr, sharedPagesFr);
    const web = keysOf(webFr, webPagesFr);
    expect(web.filter((key) => shared.includes(key))).toEqual([]);
    expect(Object.keys(flatten(catalogues.fr))).toHaveLength(shared.length + web.length);
    expect(Object.keys(flatten(sharedEn)).sort()).toEqual(Object.keys(flatten(sharedFr)).sort());
  });

  it("the pages' part and the main catalogues share no key, and the shared part whole namespaces only", () => {
    expect(keysOf(webPagesFr).filter((key) => keysOf(webFr).includes(key))).toEqual([]);
    // The server spreads the shared part over the main catalogue (apps/server/src/http/i18n.ts).
    expect(Object.keys(sharedPagesFr).filter((namespace) => namespace in sharedFr)).toEqual([]);
  });

  it('every text is filled and uses the same placeholders in both languages', () => {
    const fr = flatten(catalogues.fr);
    const en = flatten(catalogues.en);
    for (const [key, text] of Object.entries(fr)) {
      expect(text.trim(), `fr ${key}`).not.toBe('');
      expect(en[key]?.trim(), `en ${key}`).not.toBe('');
      expect(placeholders(en[key] ?? ''), key).toEqual(placeholders(text));
    }
  });
});

describe('i18n setup', () => {
  it('starts in French when nothing was chosen, whatever the browser language', () => {
    expect(i18n.resolvedLanguage).toBe('fr');
    expect(i18n.t('auth.emailRequired')).toBe('Veuillez saisir votre e-mail !');
    // English is fetched when chosen, not with the entry.
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
  });

  it('stores the choice under i18nextLng and falls back to French', async () => {
    await i18n.changeLanguage('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(i18n.t('auth.passwordRequired')).toBe('Please input your password!');
    await i18n.changeLanguage('de');
    expect(i18n.t('auth.passwordRequired')).toBe('Veuillez saisir votre mot de passe !');
    await i18n.changeLanguage('fr');
  });
});
