import en from '@crm/shared/locales/en.json' with { type: 'json' };
import fr from '@crm/shared/locales/fr.json' with { type: 'json' };
import pagesEn from '@crm/shared/locales/pages/en.json' with { type: 'json' };
import pagesFr from '@crm/shared/locales/pages/fr.json' with { type: 'json' };
import { type Language, toLanguage } from '@crm/shared';
import type { FastifyRequest } from 'fastify';

type Catalogue = { [key: string]: string | Catalogue };
// The pages' part holds whole namespaces (the web loads it with the admin pages only, decision 0061): no deep merge.
const catalogues: Record<Language, Catalogue> = { fr: { ...fr, ...pagesFr }, en: { ...en, ...pagesEn } };

/** The request's language from Accept-Language: French unless English comes first. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  return toLanguage(header?.split(',')[0]);
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function hasMessage(key: string): boolean {
  return lookup(catalogues.fr, key) !== undefined;
}

/** Translates a catalogue key ('errors.NOT_FOUND'); a text that is not a key is returned as it is. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(catalogues[language], key) ?? lookup(catalogues.fr, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
