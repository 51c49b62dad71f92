import { normalizeForSearch } from '@crm/shared';

type UserText = {
  email: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
};

/**
 * The words a user search matches, normalised (accents, case, punctuation: 'Hélène.Dupré@labo.fr' gives
 * 'helene dupre labo fr'), each after a space so a typed word matches from the start of one of them.
 */
export function userSearchText(user: UserText): string {
  const words = [user.first_name ?? '', user.last_name ?? '', user.display_name ?? '', user.email]
    .map(normalizeForSearch)
    .filter(Boolean)
    .join(' ');
  return ` ${words}`;
}

/** The LIKE pattern of one typed (normalised) word: the start of a word of search_text. */
export const userSearchPattern = (term: string): string => `% ${term}%`;
