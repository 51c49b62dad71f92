import { GENDERS, PREFIXES, SPECIALTIES, type Gender, type Prefix, type Specialty } from '@crm/shared';
import { useTranslation } from 'react-i18next';

export type Option<T extends string> = { value: T; label: string };

/** The doctor's closed lists with their labels in the current language; values stay the spec's. */
export function useDoctorOptions() {
  const { t } = useTranslation();
  return {
    specialties: SPECIALTIES.map((value): Option<Specialty> => ({ value, label: t(`specialties.${value}`) })),
    prefixes: PREFIXES.map((value): Option<Prefix> => ({ value, label: t(`prefixes.${value}`) })),
    genders: GENDERS.map((value): Option<Gender> => ({ value, label: t(`genders.${value}`) })),
  };
}
