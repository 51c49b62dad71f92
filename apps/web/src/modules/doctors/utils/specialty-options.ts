import { SPEC_SPECIALTIES, UNSPECIFIED_SPECIALTY, type Specialty } from '@crm/shared';
import type { TFunction } from 'i18next';

const FIRST: readonly Specialty[] = SPEC_SPECIALTIES;

/**
 * Specialties as a picker lists them: the spec's five first (the usual filters), then the directory's others in
 * the reader's alphabetical order, "unspecified" last.
 */
export function specialtyOptions(values: readonly Specialty[], t: TFunction, language: string) {
  const options = values.map((value) => ({ value, label: t(`specialties.${value}`) }));
  const rank = (value: Specialty) => (FIRST.includes(value) ? 0 : value === UNSPECIFIED_SPECIALTY ? 2 : 1);
  return options.sort(
    (a, b) =>
      rank(a.value) - rank(b.value) ||
      (rank(a.value) === 0
        ? FIRST.indexOf(a.value) - FIRST.indexOf(b.value)
        : a.label.localeCompare(b.label, language, { sensitivity: 'base' })),
  );
}
