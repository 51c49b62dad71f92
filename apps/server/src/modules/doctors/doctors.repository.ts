import { type RawBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import type { Database, DoctorAliasesTable, DoctorsTable } from '#server/db/schema.ts';

export type DoctorRow = DoctorsTable;

/** Where an export of the whole directory goes on from: the last doctor sent, in name order. */
export type DoctorExportCursor = { lastName: string; firstName: string; id: string };

/** What a list shows of a doctor: the doctor's row (its primary office included) and what the user adds to it. */
export type ListItemRow = Omit<DoctorRow, 'first_name_norm' | 'last_name_norm' | 'created_at'> & {
  target: string | null;
  potential_target: string | null;
  /** When the user last opened this doctor, if it is among their recent doctors. */
  recent_at: string | null;
};

/**
 * A page's doctors as list items (the user's targets, the primary office, the recent flag), in the page's
 * order. `page` is a `with page as (…)` clause whose rows carry `doctor_id` and the columns `order` uses.
 * The primary office comes from the doctor's own row (docs/decisions/0011). `extra` is one more column, the
 * same on every row (a page's total).
 */
export function withListItems(
  page: RawBuilder<unknown>,
  userId: unknown,
  order: RawBuilder<unknown>,
  extra?: RawBuilder<unknown>,
) {
  return sql<ListItemRow>`${page}
    select ${extra ? sql`${extra}, ` : sql``}doctors.id, doctors.rpps, doctors.first_name, doctors.last_name, doctors.title, doctors.prefix,
      doctors.gender, doctors.email, doctors.phone, doctors.primary_specialty, doctors.secondary_specialty,
      doctors.updated_at, doctors.updated_by, doctors.primary_office_id, doctors.primary_office_name,
      doctors.primary_office_address, doctors.primary_office_postal_code, doctors.primary_office_city,
      ud.target, ud.potential_target, r.viewed_at as recent_at
    from page
    join doctors on doctors.id = page.doctor_id
    left join doctor_user_data as ud on ud.doctor_id = page.doctor_id and ud.user_id = ${userId}
    left join recent_doctors as r on r.doctor_id = page.doctor_id and r.user_id = ${userId}
    order by ${order}`;
}

/** The columns of a doctor's office, with the link's primary flag. */
export const officeColumns = [
  'offices.id',
  'offices.name',
  'offices.sector',
  'offices.address',
  'offices.postal_code',
  'offices.city',
  'offices.uga',
  'offices.uga_name',
  'offices.latitude',
  'offices.longitude',
  'offices.phone',
  'offices.email',
  'doctor_offices.is_primary',
] as const;

// Scalar subqueries, not left joins: SQLite reads this row several times faster than with the same lookups
// joined (docs/decisions/0010 has the measurements).
const doctorForUserQuery = preparedQuery(
  (db, p: { id: string; userId: string }) =>
    db
      .selectFrom('doctors')
      .selectAll('doctors')
      .select((eb) => {
        const userData = eb
          .selectFrom('doctor_user_data as ud')
          .whereRef('ud.doctor_id', '=', 'doctors.id')
          .where('ud.user_id', '=', p.userId);
        return [
          userData.select('ud.target').as('target'),
          userData.select('ud.potential_target').as('potential_target'),
          eb
            .selectFrom('recent_doctors as r')
            .select('r.viewed_at')
            .whereRef('r.doctor_id', '=', 'doctors.id')
            .where('r.user_id', '=', p.userId)
            .as('viewed_at'),
        ];
      })
      .where('doctors.id', '=', p.id),
  ['id', 'userId'],
);

const doctorOfficesQuery = preparedQuery(
  (db, p: { doctorId: string }) =>
    db
      .selectFrom('doctor_offices')
      .innerJoin('offices', 'offices.id', 'doctor_offices.office_id')
      .select(officeColumns)
      .where('doctor_offices.doctor_id', '=', p.doctorId)
      .orderBy('doctor_offices.is_primary', 'desc')
      .orderBy('offices.name_norm'),
  ['doctorId'],
);

/** An office of a doctor's, with the link's primary flag. */
export type DoctorOfficeRow = Awaited<ReturnType<typeof doctorOfficesQuery>>[number];

export class DoctorsRepository {
  findById(db: Db, id: string): Promise<DoctorRow | undefined> {
    return db.selectFrom('doctors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A doctor with what the user adds to it (targets, recent flag), in one query. */
  async findForUser(db: Db, id: string, userId: string) {
    const [row] = await doctorForUserQuery(db, { id, userId });
    return row;
  }

  /**
   * The doctor an id names: itself, or the doctor a client id became an alias of (a doctor created offline
   * whose RPPS already existed, decision 0020).
   */
  async canonicalId(db: Db, id: string): Promise<string> {
    const row = await db.selectFrom('doctor_aliases').select('doctor_id').where('alias_id', '=', id).executeTakeFirst();
    return row?.doctor_id ?? id;
  }

  async addAlias(db: Db, row: DoctorAliasesTable): Promise<void> {
    await db.insertInto('doctor_aliases').values(row).execute();
  }

  async rppsOwner(db: Db, rpps: string): Promise<string | undefined> {
    const row = await db.selectFrom('doctors').select('id').where('rpps', '=', rpps).executeTakeFirst();
    return row?.id;
  }

  async userData(db: Db, userId: string, doctorId: string) {
    return db
      .selectFrom('doctor_user_data')
      .select(['target', 'potential_target'])
      .where('user_id', '=', userId)
      .where('doctor_id', '=', doctorId)
      .executeTakeFirst();
  }

  /** The doctor's offices, the primary one first. */
  offices(db: Db, doctorId: string): Promise<DoctorOfficeRow[]> {
    return doctorOfficesQuery(db, { doctorId });
  }

  /** The list rows of these doctors as the user sees them (their targets, the primary office), in the given order. */
  async listItems(db: Db, ids: string[], userId: string): Promise<ListItemRow[]> {
    if (ids.length === 0) return [];
    const page = sql`with page as (select doctors.id as doctor_id from doctors where doctors.id in (${sql.join(ids)}))`;
    const { rows } = await withListItems(page, userId, sql`page.doctor_id`).execute(db);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * A page of the whole directory as the user sees it, by name then id, after the last doctor of the previous
   * page (keyset: every page costs the same, however far the export has gone).
   */
  exportPage(
    db: Db,
    userId: string,
    after: DoctorExportCursor | null,
    limit: number,
  ): Promise<(ListItemRow & Pick<DoctorRow, 'last_name_norm' | 'first_name_norm'>)[]> {
    return db
      .selectFrom('doctors')
      .leftJoin('doctor_user_data as ud', (join) =>
        join.onRef('ud.doctor_id', '=', 'doctors.id').on('ud.user_id', '=', userId),
      )
      .leftJoin('recent_doctors as r', (join) =>
        join.onRef('r.doctor_id', '=', 'doctors.id').on('r.user_id', '=', userId),
      )
      .select([
        'doctors.id',
        'doctors.rpps',
        'doctors.first_name',
        'doctors.last_name',
        'doctors.first_name_norm',
        'doctors.last_name_norm',
        'doctors.title',
        'doctors.prefix',
        'doctors.gender',
        'doctors.email',
        'doctors.phone',
        'doctors.primary_specialty',
        'doctors.secondary_specialty',
        'doctors.updated_at',
        'doctors.updated_by',
        'doctors.primary_office_id',
        'doctors.primary_office_name',
        'doctors.primary_office_address',
        'doctors.primary_office_postal_code',
        'doctors.primary_office_city',
        'ud.target',
        'ud.potential_target',
        'r.viewed_at as recent_at',
      ])
      .$if(after !== null, (qb) =>
        qb.where((eb) =>
          eb(
            eb.refTuple('doctors.last_name_norm', 'doctors.first_name_norm', 'doctors.id'),
            '>',
            eb.tuple(after?.lastName ?? '', after?.firstName ?? '', after?.id ?? ''),
          ),
        ),
      )
      .orderBy('doctors.last_name_norm')
      .orderBy('doctors.first_name_norm')
      .orderBy('doctors.id')
      .limit(limit)
      .execute();
  }

  /** The doctors of these RPPS numbers (an import's keys). */
  byRpps(db: Db, rpps: readonly string[]): Promise<DoctorRow[]> {
    if (rpps.length === 0) return Promise.resolve([]);
    return db.selectFrom('doctors').selectAll().where('rpps', 'in', rpps).execute();
  }

  async insert(db: Db, row: DoctorRow): Promise<void> {
    await db.insertInto('doctors').values(row).execute();
  }

  async update(db: Db, id: string, patch: Partial<DoctorRow>): Promise<void> {
    await db.updateTable('doctors').set(patch).where('id', '=', id).execute();
  }

  async touch(db: Db, id: string, at: string, by: string): Promise<void> {
    await db.updateTable('doctors').set({ updated_at: at, updated_by: by }).where('id', '=', id).execute();
  }

  /** The doctor's search rows go first, through replaceSearchIndex, so the prefix counts follow. */
  async delete(db: Db, id: string): Promise<void> {
    await this.replaceSearchIndex(db, id, { words: [], prefixes: [] });
    await db.deleteFrom('doctors').where('id', '=', id).execute();
  }

  /** Kept so that the devices holding this doctor drop it at their next pull (decision 0020). */
  async recordTombstone(db: Db, id: string, at: string): Promise<void> {
    await db
      .insertInto('doctor_tombstones')
      .values({ id, deleted_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ deleted_at: at }))
      .execute();
  }

  /** A doctor's search rows, replaced, and the prefix counts moved by the difference (decision 0012). */
  async replaceSearchIndex(
    db: Db,
    id: string,
    { words, prefixes }: { words: Database['doctor_search_words'][]; prefixes: Database['doctor_search_prefixes'][] },
  ): Promise<void> {
    await db.deleteFrom('doctor_search_words').where('doctor_id', '=', id).execute();
    const before = await db
      .deleteFrom('doctor_search_prefixes')
      .where('doctor_id', '=', id)
      .returning('prefix')
      .execute();
    if (words.length > 0) await db.insertInto('doctor_search_words').values(words).execute();
    if (prefixes.length > 0) await db.insertInto('doctor_search_prefixes').values(prefixes).execute();
    const deltas = new Map<string, number>();
    for (const { prefix } of before) deltas.set(prefix, (deltas.get(prefix) ?? 0) - 1);
    for (const { prefix } of prefixes) deltas.set(prefix, (deltas.get(prefix) ?? 0) + 1);
    const changed = [...deltas].filter(([, delta]) => delta !== 0).map(([prefix, doctors]) => ({ prefix, doctors }));
    if (changed.length === 0) return;
    await db
      .insertInto('doctor_prefix_counts')
      .values(changed)
      .onConflict((oc) =>
        oc.column('prefix').doUpdateSet((eb) => ({
          doctors: eb('doctor_prefix_counts.doctors', '+', eb.ref('excluded.doctors')),
        })),
      )
      .execute();
  }

  async upsertUserData(
    db: Db,
    row: {
      user_id: string;
      doctor_id: string;
      target?: string | null;
      potential_target?: string | null;
      updated_at: string;
    },
  ): Promise<void> {
    const changes = {
      updated_at: row.updated_at,
      ...(row.target !== undefined && { target: row.target }),
      ...(row.potential_target !== undefined && { potential_target: row.potential_target }),
    };
    await db
      .insertInto('doctor_user_data')
      .values({ target: null, potential_target: null, ...row })
      .onConflict((oc) => oc.columns(['user_id', 'doctor_id']).doUpdateSet(changes))
      .execute();
  }

  /** The office links of a doctor, for the primary-office rules. */
  links(db: Db, doctorId: string) {
    return db
      .selectFrom('doctor_offices')
      .select(['office_id', 'is_primary', 'created_at'])
      .where('doctor_id', '=', doctorId)
      .orderBy('created_at')
      .orderBy('office_id')
      .execute();
  }
}
