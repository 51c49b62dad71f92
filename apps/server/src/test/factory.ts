import type { ApprovalStatus, Specialty } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { doctorNameColumns, doctorSearchRows } from '#server/modules/doctors/doctor-search.ts';
import { DoctorOfficesRepository } from '#server/modules/doctors/doctor-offices.repository.ts';
import { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import { CacheGenerationsRepository } from '#server/modules/cache-generations/cache-generations.repository.ts';
import { officeSearchColumns } from '#server/modules/offices/office-search.ts';
import { OfficesRepository } from '#server/modules/offices/offices.repository.ts';
import { newId } from '#server/db/ids.ts';
import { isoNow, systemClock } from '#server/core/clock.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';
import { userSearchText } from '#server/modules/users/user-search.ts';

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
      const now = isoNow(systemClock);
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
          search_text: userSearchText({
            email,
            first_name: firstName,
            last_name: lastName,
            display_name: `${firstName} ${lastName}`,
          }),
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
      const now = isoNow(systemClock);
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
      await new DoctorsRepository().replaceSearchIndex(db, id, doctorSearchRows(id, doctor));
      return { id, rpps: doctor.rpps };
    },

    async office(overrides: { name?: string; city?: string; postal_code?: string } = {}): Promise<{ id: string }> {
      sequence += 1;
      const id = newId();
      const now = isoNow(systemClock);
      const office = {
        name: overrides.name ?? `Cabinet ${sequence}`,
        address: `${sequence} rue de la Paix`,
        postal_code: overrides.postal_code ?? '75002',
        city: overrides.city ?? 'Paris',
        uga: '75A',
        uga_name: 'Paris Centre',
      };
      // Through the repository, so the office's search rows are written with it.
      await new OfficesRepository().insert(db, {
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
      });
      return { id };
    },

    /**
     * Links a doctor to an office as the service does, without its audit entry: the first link is the primary
     * one (copied onto the doctor's row), the office's specialties and the offices' cache generation follow.
     */
    async officeLink(doctorId: string, officeId: string): Promise<void> {
      const links = new DoctorOfficesRepository();
      await db.transaction().execute(async (trx) => {
        const isFirst = (await links.officeIdsOf(trx, doctorId)).length === 0;
        await links.link(trx, doctorId, officeId, isFirst, isoNow(systemClock));
        await links.refreshOfficeSpecialties(trx, [officeId]);
        await new CacheGenerationsRepository().bump(trx, ['offices']);
      });
    },

    async target(name: string, active = true): Promise<{ id: string }> {
      const id = newId();
      const now = isoNow(systemClock);
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

    async product(overrides: { name?: string; active?: boolean } = {}): Promise<{ id: string; name: string }> {
      sequence += 1;
      const id = newId();
      const now = isoNow(systemClock);
      const name = overrides.name ?? `Produit ${sequence}`;
      await db
        .insertInto('products')
        .values({
          id,
          name,
          description: null,
          active: overrides.active === false ? 0 : 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { id, name };
    },

    async assignProducts(userId: string, productIds: string[]): Promise<void> {
      if (productIds.length === 0) return;
      await db
        .insertInto('user_products')
        .values(productIds.map((productId) => ({ user_id: userId, product_id: productId })))
        .execute();
    },

    /** A seeded channel by its name ('Face to face', 'Email', 'Call', 'Video', 'Event', 'Time-off'). */
    async channelByName(name: string): Promise<{ id: string; name: string }> {
      return db.selectFrom('channels').select(['id', 'name']).where('name', '=', name).executeTakeFirstOrThrow();
    },

    /**
     * An activity written straight to the tables (no rule checked): start now + 1 day, 60 minutes, 'Call';
     * attendees are named `Attendee <position>`.
     */
    async activity(overrides: ActivityOverrides): Promise<{ id: string }> {
      const id = overrides.id ?? newId();
      const now = overrides.createdAt ?? isoNow(systemClock);
      const channelId =
        overrides.channelId ??
        (await db.selectFrom('channels').select('id').where('name', '=', 'Call').executeTakeFirstOrThrow()).id;
      const start = overrides.start ?? new Date(Date.now() + 86_400_000).toISOString();
      const allDay = overrides.allDay ?? false;
      const duration = allDay ? null : (overrides.duration ?? 60);
      const end =
        overrides.end ??
        new Date(Date.parse(start) + (duration === null ? 86_400_000 : duration * 60_000)).toISOString();
      await db
        .insertInto('activities')
        .values({
          id,
          owner_id: overrides.ownerId,
          channel_id: channelId,
          title: overrides.title ?? null,
          start_at: start,
          end_at: end,
          all_day: allDay ? 1 : 0,
          duration,
          description: null,
          location: null,
          address: null,
          postal_code: null,
          city: null,
          office_phone: null,
          office_email: null,
          office_id: null,
          doctor_id: overrides.doctorId ?? null,
          doctor_name: overrides.doctorName ?? null,
          precall_objectives: null,
          call_notes: null,
          next_call_objectives: null,
          budget_cents: overrides.budgetCents ?? null,
          approval_status: overrides.approvalStatus ?? 'none',
          approved_by: null,
          approved_at: null,
          approval_notes: null,
          acknowledge_rules: 1,
          done: overrides.done ? 1 : 0,
          done_at: overrides.done ? (overrides.doneAt ?? now) : null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (overrides.productIds && overrides.productIds.length > 0) {
        await db
          .insertInto('activity_products')
          .values(overrides.productIds.map((productId) => ({ activity_id: id, product_id: productId })))
          .execute();
      }
      for (const [position, doctorId] of (overrides.attendees ?? []).entries()) {
        await db
          .insertInto('activity_attendees')
          .values({ activity_id: id, doctor_id: doctorId, name: `Attendee ${position}`, position })
          .execute();
      }
      return { id };
    },
  };
}

export type ActivityOverrides = {
  ownerId: string;
  id?: string;
  channelId?: string;
  title?: string | null;
  start?: string;
  end?: string;
  allDay?: boolean;
  duration?: number;
  doctorId?: string | null;
  doctorName?: string | null;
  budgetCents?: number | null;
  approvalStatus?: ApprovalStatus;
  done?: boolean;
  /** When it was marked done; its creation time unless given. */
  doneAt?: string;
  /** Its creation and last change; now unless given. */
  createdAt?: string;
  productIds?: string[];
  /** Attendee doctors' ids, in order. */
  attendees?: string[];
};

export type DoctorOverrides = {
  firstName?: string;
  lastName?: string;
  rpps?: string;
  primarySpecialty?: Specialty;
  secondarySpecialty?: Specialty | null;
};

export type Factory = ReturnType<typeof createFactory>;
