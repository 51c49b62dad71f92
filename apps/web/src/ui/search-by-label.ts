import { normalizeForSearch } from '@crm/shared';

type LabelledOption = { label?: unknown };

/**
 * `showSearch` for a Select over a long closed list (the directory's specialties): matches the typed text
 * anywhere in the option's label, ignoring case and accents, so "gyneco" finds "Gynécologie".
 */
export const SEARCH_BY_LABEL = {
  filterOption: (input: string, option?: LabelledOption) =>
    typeof option?.label === 'string' && normalizeForSearch(option.label).includes(normalizeForSearch(input)),
};
