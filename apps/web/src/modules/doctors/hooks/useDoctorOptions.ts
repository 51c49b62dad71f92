import { GENDERS, PREFIXES, SPECIALTIES, type Gender, type Prefix, type Specialty } from '@crm/shared';
import { useTranslation } from 'react-i18next';
import { specialtyOptions } from '@/modules/doctors/utils/specialty-options';

export type Option<T extends string> = { value: T; label: string };

/** The doctor's closed lists with their labels in the current language; values stay the spec's. */
export function useDoctorOptions() {
  const { t, i18n } = useTranslation();
  return {
    specialties: specialtyOptions(SPECIALTIES, t, i18n.language) satisfies Option<Specialty>[],
    prefixes: PREFIXES.map((value): Option<Prefix> => ({ value, label: t(`prefixes.${value}`) })),
    genders: GENDERS.map((value): Option<Gender> => ({ value, label: t(`genders.${value}`) })),
  };
}
