import type { Specialty } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { doctorNameColumns, doctorSearchPrefixes, doctorSearchWords } from '#server/modules/doctors/doctor-search.ts';
import { officeSearchColumns } from '#server/modules/offices/office-search.ts';
import { newId } from '#server/db/ids.ts';
import { nowIso } from '#server/db/time.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';

export type UserOverrides = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  isAdmin?: boolean;
  readWrite?: boolean;
  managerId?: string | null;
};

export type CreatedUser = { id: string; email: string; password: string };

let sequence = 0;

/** Small factories for test data, written straight to the database under test. */
export function createFactory(db: Db) {
  return {
    async user(overrides: UserOverrides = {}): Promise<CreatedUser> {
      sequence += 1;
      const id = newId();
      const email = (overrides.email ?? `user${sequence}.${id.slice(-6)}@test-crm.fr`).toLowerCase();
      const password = overrides.password ?? 'Secret-Password-1';
      const now = nowIso();
      const firstName = overrides.firstName ?? 'Marie';
      const lastName = overrides.lastName ?? 'Dupont';
      await db
        .insertInto('users')
        .values({
          id,
          email,
          first_name: firstName,
          last_name: lastName,
          display_name: `${firstName} ${lastName}`,
          password_hash: await hashPassword(password),
          is_admin: overrides.isAdmin ? 1 : 0,
          read_write: overrides.readWrite === false ? 0 : 1,
          manager_id: overrides.managerId ?? null,
          last_login: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { id, email, password };
    },

    async doctor(overrides: DoctorOverrides = {}): Promise<{ id: string; rpps: string }> {
      sequence += 1;
      const id = newId();
      const now = nowIso();
      const doctor = {
        firstName: overrides.firstName ?? 'Anonyme',
        lastName: overrides.lastName ?? `Testeur${sequence}`,
        rpps: overrides.rpps ?? String(20_000_000_000 + sequence),
      };
      await db
        .insertInto('doctors')
        .values({
          id,
          rpps: doctor.rpps,
          first_name: doctor.firstName,
          last_name: doctor.lastName,
          ...doctorNameColumns(doctor),
          title: null,
          prefix: 'Dr',
          gender: null,
          email: null,
          phone: null,
          primary_specialty: overrides.primarySpecialty ?? 'Cardiology',
          secondary_specialty: overrides.secondarySpecialty ?? null,
          created_at: now,
          updated_at: now,
          updated_by: null,
        })
        .execute();
      await db.insertInto('doctor_search_words').values(doctorSearchWords(id, doctor)).execute();
      await db.insertInto('doctor_search_prefixes').values(doctorSearchPrefixes(id, doctor)).execute();
      return { id, rpps: doctor.rpps };
    },

    async office(overrides: { name?: string; city?: string; postal_code?: string } = {}): Promise<{ id: string }> {
      sequence += 1;
      const id = newId();
      const now = nowIso();
      const office = {
        name: overrides.name ?? `Cabinet ${sequence}`,
        address: `${sequence} rue de la Paix`,
        postal_code: overrides.postal_code ?? '75002',
        city: overrides.city ?? 'Paris',
        uga: '75A',
        uga_name: 'Paris Centre',
      };
      await db
        .insertInto('offices')
        .values({
          id,
          ...office,
          sector: null,
          latitude: null,
          longitude: null,
          phone: null,
          email: null,
          ...officeSearchColumns(office),
          created_at: now,
          updated_at: now,
          updated_by: null,
        })
        .execute();
      return { id };
    },

    async target(name: string, active = true): Promise<{ id: string }> {
      const id = newId();
      const now = nowIso();
      await db
        .insertInto('targets')
        .values({
          id,
          name,
          description: null,
          color: '#ff4d4f',
          priority: 0,
          active: active ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { id };
    },
  };
}

export type DoctorOverrides = {
  firstName?: string;
  lastName?: string;
  rpps?: string;
  primarySpecialty?: Specialty;
  secondarySpecialty?: Specialty | null;
};

export type Factory = ReturnType<typeof createFactory>;
