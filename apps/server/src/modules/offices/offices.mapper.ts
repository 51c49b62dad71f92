import type { Office, OfficeRecord } from '@crm/shared';
import type { OfficesTable } from '#server/db/schema.ts';
import type { OfficeRow } from './offices.repository.ts';

/**
 * An office's stored fields as every answer carrying an office gives them (an office, a doctor's offices).
 * One literal: callers add their own keys with Object.assign, not a spread (decision 0010).
 */
export function toOfficeRecord(row: Pick<OfficesTable, keyof OfficeRecord>): OfficeRecord {
  return {
    id: row.id,
    name: row.name,
    sector: row.sector,
    address: row.address,
    postal_code: row.postal_code,
    city: row.city,
    uga: row.uga,
    uga_name: row.uga_name,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    email: row.email,
  };
}

export function toOffice(row: OfficeRow, doctorCount: number): Office {
  return Object.assign(toOfficeRecord(row), { doctorCount, updatedBy: row.updated_by, updatedAt: row.updated_at });
}
