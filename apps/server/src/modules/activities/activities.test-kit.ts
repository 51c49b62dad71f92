import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { signIn, type TestApp } from '#server/test/harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Call = (
  method: Method,
  url: string,
  payload?: InjectOptions['payload'],
  idempotencyKey?: string,
) => Promise<{ status: number; body: unknown; headers: Record<string, unknown> }>;

/** Calls the API as one user (English messages), optionally with an Idempotency-Key. */
export function caller(app: FastifyInstance, authorization: string): Call {
  return async (method, url, payload, idempotencyKey) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        authorization,
        'accept-language': 'en',
        ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
      },
      ...(payload !== undefined && { payload }),
    });
    return {
      status: response.statusCode,
      body: response.body === '' ? null : response.json<unknown>(),
      headers: response.headers,
    };
  };
}

const ACTIVITY_TABLES = [
  'activities',
  'activity_products',
  'activity_attendees',
  'audit_logs',
  'idempotency_keys',
] as const;

/** Row counts of the activity tables and, when given, one activity's row: what a refused write must leave alone. */
export async function snapshot(db: Db, activityId?: string) {
  const counts: Record<string, number> = {};
  for (const table of ACTIVITY_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = row.count;
  }
  const row = activityId
    ? await db.selectFrom('activities').selectAll().where('id', '=', activityId).executeTakeFirst()
    : undefined;
  return { counts, row };
}

/** Signs a user in and calls the API as them. */
export async function callerFor(t: TestApp, user: { email: string; password: string }): Promise<Call> {
  return caller(t.app, (await signIn(t.app, user.email, user.password)).authorization);
}

/** An ISO time `days` days from now, at a whole hour. */
export function inDays(days: number, hour = 10): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

/**
 * The cast of the activity tests: a manager of two representatives, a representative with no manager and
 * their own manager, an admin who manages nobody; products (two assigned to the first representative, one
 * not, one inactive), the seeded channels, a doctor.
 */
export async function activityCast(t: TestApp) {
  const { factory } = t;
  const manager = await factory.user({ email: `manager.${suffix()}@t.fr`, firstName: 'Marc', lastName: 'Manager' });
  const rep = await factory.user({
    email: `rep.${suffix()}@t.fr`,
    firstName: 'Rémi',
    lastName: 'Représentant',
    managerId: manager.id,
  });
  const colleague = await factory.user({ email: `colleague.${suffix()}@t.fr`, managerId: manager.id });
  const otherManager = await factory.user({ email: `other-manager.${suffix()}@t.fr` });
  const stranger = await factory.user({ email: `stranger.${suffix()}@t.fr`, managerId: otherManager.id });
  const admin = await factory.user({ email: `admin.${suffix()}@t.fr`, isAdmin: true });
  const products = {
    cardio: await factory.product({ name: `Cardiovex ${suffix()}` }),
    neuro: await factory.product({ name: `Neurolan ${suffix()}` }),
    unassigned: await factory.product({ name: `Dermacalm ${suffix()}` }),
    inactive: await factory.product({ name: `Oldamine ${suffix()}`, active: false }),
  };
  await factory.assignProducts(rep.id, [products.cardio.id, products.neuro.id, products.inactive.id]);
  const channels = {
    faceToFace: await factory.channelByName('Face to face'),
    call: await factory.channelByName('Call'),
    event: await factory.channelByName('Event'),
    timeOff: await factory.channelByName('Time-off'),
  };
  const doctor = await factory.doctor({ firstName: 'Hélène', lastName: 'Vidal' });
  const as = (user: { email: string; password: string }) => callerFor(t, user);
  return {
    users: { manager, rep, colleague, otherManager, stranger, admin },
    api: {
      manager: await as(manager),
      rep: await as(rep),
      colleague: await as(colleague),
      otherManager: await as(otherManager),
      stranger: await as(stranger),
      admin: await as(admin),
    },
    products,
    channels,
    doctor,
    /** A valid new call for the representative, tomorrow at 10:00. */
    validCall: (overrides: Record<string, unknown> = {}) => ({
      channelId: channels.call.id,
      title: 'Présentation Cardiovex',
      start: inDays(1),
      duration: 60,
      productIds: [products.cardio.id],
      acknowledgeRules: true,
      ...overrides,
    }),
  };
}

let counter = 0;
const suffix = () => {
  counter += 1;
  return `${counter}${Math.random().toString(36).slice(2, 6)}`;
};
