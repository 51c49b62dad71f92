import type { Specialty } from '@crm/shared';

/** The offices' query keys, apart from their queries so the doctors' mutations can invalidate them. */

export type OfficeListParams = { search: string; specialty: readonly Specialty[]; page: number; limit: number };
export type OfficeDoctorsParams = {
  search: string;
  specialty: Specialty | null;
  target: string | null;
  page: number;
  limit: number;
};

export const officeKeys = {
  all: ['offices'] as const,
  lists: () => [...officeKeys.all, 'list'] as const,
  list: (params: OfficeListParams) => [...officeKeys.lists(), params] as const,
  specialties: () => [...officeKeys.all, 'specialties'] as const,
  details: () => [...officeKeys.all, 'detail'] as const,
  detail: (id: string) => [...officeKeys.details(), id] as const,
  /** Every office's doctor table. */
  doctorLists: () => [...officeKeys.all, 'doctors'] as const,
  doctorList: (id: string) => [...officeKeys.doctorLists(), id] as const,
  doctorPage: (id: string, params: OfficeDoctorsParams) => [...officeKeys.doctorList(id), params] as const,
  /** Every doctor linked to the office: under its doctor table's key, so both are invalidated together. */
  linkedDoctorIds: (id: string) => [...officeKeys.doctorList(id), 'linked-ids'] as const,
};
