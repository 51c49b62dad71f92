import sharedFr from '@crm/shared/locales/fr.json?raw';
import { i18n, mergeCatalogues, type Catalogue } from '@/lib/i18n';
import webFr from '@/locales/fr.json?raw';

/**
 * The whole French catalogue, added to the sign-in part the entry has (lib/i18n.ts), once this module runs:
 * app/AntdProviders.tsx imports it, so it is there before any page drawn with antd renders (decision 0040).
 * Read as text: a module apart from the JSON one the entry picks its namespaces from, since the bundler puts
 * a module, whole, in a single chunk.
 */
export const frenchCatalogue = mergeCatalogues(JSON.parse(sharedFr) as Catalogue, JSON.parse(webFr) as Catalogue);
i18n.addResourceBundle('fr', 'translation', frenchCatalogue, true, true);
