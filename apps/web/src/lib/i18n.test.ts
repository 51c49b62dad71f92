import sharedEn from '@crm/shared/locales/en.json';
import sharedFr from '@crm/shared/locales/fr.json';
import { describe, expect, it } from 'vitest';
import { i18n, loadCatalogue, type Catalogue } from '@/lib/i18n';
import webEn from '@/locales/en.json';
import webFr from '@/locales/fr.json';

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

const catalogues = { fr: await loadCatalogue('fr'), en: await loadCatalogue('en') };

describe('catalogues', () => {
  it('the web catalogues have the same keys in French and English', () => {
    expect(Object.keys(flatten(webEn)).sort()).toEqual(Object.keys(flatten(webFr)).sort());
  });

  it('the merged catalogues (shared + web) have the same keys in French and English', () => {
    expect(Object.keys(flatten(catalogues.en)).sort()).toEqual(Object.keys(flatten(catalogues.fr)).sort());
  });

  it('the web catalogue adds to the shared one and never redefines a shared key', () => {
    const shared = Object.keys(flatten(sharedFr));
    const web = Object.keys(flatten(webFr));
    expect(web.filter((key) => shared.includes(key))).toEqual([]);
    expect(Object.keys(flatten(catalogues.fr))).toHaveLength(shared.length + web.length);
    expect(Object.keys(flatten(sharedEn)).sort()).toEqual([...shared].sort());
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
