import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '#server/db/database.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as one signed-in user (English messages, so tests can read them). */
export function apiAs(app: FastifyInstance, authorization: string) {
  return async (method: Method, url: string, payload?: InjectOptions['payload']) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization, 'accept-language': 'en' },
      ...(payload !== undefined && { payload }),
    });
    return { status: response.statusCode, body: response.body === '' ? null : response.json<unknown>(), response };
  };
}

const DIRECTORY_TABLES = [
  'doctors',
  'doctor_search_words',
  'doctor_search_prefixes',
  'doctor_prefix_counts',
  'offices',
  'doctor_offices',
  'office_specialties',
  'doctor_user_data',
  'recent_doctors',
  'audit_logs',
] as const;

/** Row counts of the directory's tables, to prove a refused write changed nothing. */
export async function directoryCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of DIRECTORY_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = row.count;
  }
  return counts;
}

/**
 * The kept prefix counts (decision 0012) and the prefix rows' own counts, by prefix. Prefixes no doctor has any
 * more keep a count of 0, which stands for no row.
 */
export async function prefixCounts(db: Db) {
  const kept = await db.selectFrom('doctor_prefix_counts').selectAll().execute();
  const counted = await db
    .selectFrom('doctor_search_prefixes')
    .select((eb) => ['prefix', eb.fn.countAll<number>().as('doctors')])
    .groupBy('prefix')
    .execute();
  const byPrefix = (rows: { prefix: string; doctors: number }[]) =>
    Object.fromEntries(rows.filter((row) => row.doctors !== 0).map((row) => [row.prefix, row.doctors]));
  return { kept: byPrefix(kept), counted: byPrefix(counted) };
}
