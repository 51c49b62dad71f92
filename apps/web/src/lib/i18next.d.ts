import type sharedFr from '@crm/shared/locales/fr.json';
import type sharedPagesFr from '@crm/shared/locales/pages/fr.json';
import type webFr from '@/locales/fr.json';
import type pagesFr from '@/locales/pages/fr.json';

// Typed keys: a typo in t('…') fails the typecheck. French is the reference catalogue; the pages' part
// (lib/page-catalogue.ts) is typed with the rest, since the router loads it before those pages render.
declare module 'i18next' {
  // Augmenting i18next's options needs declaration merging, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof sharedFr & typeof sharedPagesFr & typeof webFr & typeof pagesFr };
  }
}
