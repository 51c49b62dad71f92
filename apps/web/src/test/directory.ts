import type { Doctor, DoctorListItem, DoctorOffice, Office, Target } from '@crm/shared';

/** Directory test data shaped like the API's answers. */

export const TARGETS: Target[] = [
  { id: 't1', name: 'A', description: null, color: '#f5222d', priority: 10, active: true },
  { id: 't2', name: 'B', description: null, color: '#52c41a', priority: 20, active: true },
];

export function doctorListItem(overrides: Partial<DoctorListItem> = {}): DoctorListItem {
  return {
    id: '0190a0c4-0000-7000-8000-000000000101',
    rpps: '10001234567',
    firstName: 'Jean',
    lastName: 'Martin',
    title: 'Médecin généraliste',
    prefix: 'Dr',
    gender: 'M',
    email: 'jean.martin@exemple.fr',
    phone: '01 23 45 67 89',
    primarySpecialty: 'Cardiology',
    secondarySpecialty: null,
    target: 'A',
    potential_target: 'B',
    updatedBy: 'rep@demo-crm.fr',
    updatedAt: '2026-11-20T09:30:00.000Z',
    primaryOffice: {
      id: '0190a0c4-0000-7000-8000-000000000201',
      name: 'Cabinet du Parc',
      address: '12 rue du Parc',
      postal_code: '69003',
      city: 'Lyon',
    },
    isRecent: false,
    ...overrides,
  };
}

export function doctorOffice(overrides: Partial<DoctorOffice> = {}): DoctorOffice {
  return {
    id: '0190a0c4-0000-7000-8000-000000000201',
    name: 'Cabinet du Parc',
    sector: null,
    address: '12 rue du Parc',
    postal_code: '69003',
    city: 'Lyon',
    uga: '69123',
    uga_name: 'Lyon',
    latitude: 45.76,
    longitude: 4.85,
    phone: null,
    email: null,
    is_primary: true,
    ...overrides,
  };
}

export function doctor(overrides: Partial<Doctor> = {}): Doctor {
  const offices = overrides.offices ?? [doctorOffice()];
  const { primaryOffice: _summary, ...item } = doctorListItem();
  return {
    ...item,
    offices,
    primaryOffice: offices.find((office) => office.is_primary) ?? null,
    ...overrides,
  };
}

export function office(overrides: Partial<Office> = {}): Office {
  return {
    id: '0190a0c4-0000-7000-8000-000000000301',
    name: 'Centre médical Bellecour',
    sector: 'Lyon centre',
    address: '3 place Bellecour',
    postal_code: '69002',
    city: 'Lyon',
    uga: '69123',
    uga_name: 'Lyon',
    latitude: 45.757,
    longitude: 4.832,
    phone: '04 78 00 00 00',
    email: null,
    doctorCount: 0,
    updatedBy: 'rep@demo-crm.fr',
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}
