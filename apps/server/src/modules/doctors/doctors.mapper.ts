import type { DoctorListItem, DoctorOffice } from '@crm/shared';
import { toOfficeRecord } from '#server/modules/offices/offices.mapper.ts';
import type { DoctorOfficeRow, DoctorRow, ListItemRow } from './doctors.repository.ts';

/**
 * One literal, key by key: spreading a built object and adding keys (`{ ...doctorFields(row), target }`)
 * takes V8 a slow path (docs/decisions/0010 has the measurements), and search pages list 50.
 */
export function toDoctorListItem(row: ListItemRow, recentIds: ReadonlySet<string>): DoctorListItem {
  return {
    id: row.id,
    rpps: row.rpps,
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title,
    prefix: row.prefix as DoctorListItem['prefix'],
    gender: row.gender as DoctorListItem['gender'],
    email: row.email,
    phone: row.phone,
    primarySpecialty: row.primary_specialty as DoctorListItem['primarySpecialty'],
    secondarySpecialty: row.secondary_specialty as DoctorListItem['secondarySpecialty'],
    target: row.target,
    potential_target: row.potential_target,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
    primaryOffice:
      row.primary_office_id === null
        ? null
        : {
            id: row.primary_office_id,
            name: row.primary_office_name ?? '',
            address: row.primary_office_address ?? '',
            postal_code: row.primary_office_postal_code ?? '',
            city: row.primary_office_city ?? '',
          },
    isRecent: recentIds.has(row.id) || row.recent_at !== null,
  };
}

/** A doctor's detail lists their offices. */
export function toDoctorOffice(row: DoctorOfficeRow): DoctorOffice {
  return Object.assign(toOfficeRecord(row), { is_primary: row.is_primary === 1 });
}

export function doctorFields(row: DoctorRow) {
  return {
    id: row.id,
    rpps: row.rpps,
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title,
    prefix: row.prefix as DoctorListItem['prefix'],
    gender: row.gender as DoctorListItem['gender'],
    email: row.email,
    phone: row.phone,
    primarySpecialty: row.primary_specialty as DoctorListItem['primarySpecialty'],
    secondarySpecialty: row.secondary_specialty as DoctorListItem['secondarySpecialty'],
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}
