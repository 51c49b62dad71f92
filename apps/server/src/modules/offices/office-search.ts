import { normalizeForSearch } from '@crm/shared';

type OfficeText = {
  name: string;
  address: string;
  postal_code: string;
  city: string;
  uga: string;
  uga_name: string | null;
};

/** The normalised columns stored with an office; search_text starts with a space so ' term' finds word starts. */
export function officeSearchColumns(office: OfficeText) {
  const words = [office.name, office.address, office.postal_code, office.city, office.uga, office.uga_name ?? '']
    .map(normalizeForSearch)
    .filter(Boolean)
    .join(' ');
  return { name_norm: normalizeForSearch(office.name), search_text: ` ${words}` };
}
