import type { AuditAction, AuditEntityType } from '@crm/shared';
import { v7 } from 'uuid';
import type { Db } from '#server/db/database.ts';
import type { AuditLogsTable } from '#server/db/schema.ts';
import { insertRows } from '#server/demo/directory/bulk-insert.ts';
import { pickWeighted, Random } from '#server/demo/random.ts';
import { systemClock } from '#server/core/clock.ts';
import { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { countEndedDays } from '#server/modules/logs/logs.service.ts';

/**
 * A benchmark tier of audit entries (`npm run seed -- --audit-logs N`): what a year of a sales force's
 * work leaves in the log, spread over the users already in the database, oldest first, with the actions,
 * metadata and changes the services write (their kinds and sizes, not their exact values).
 */

const DAY_MS = 86_400_000;
/** Entries are written in batches of this many rows, each in its own transaction. */
const BATCH_ROWS = 10_000;
/** Working hours in UTC (08:00–20:00 in Paris, summer or winter, give or take an hour). */
const WORK_START_MS = 6 * 3_600_000;
const WORK_SPAN_MS = 13 * 3_600_000;

type Kind = {
  weight: number;
  action: AuditAction;
  entityType: AuditEntityType;
  build: (random: Random, user: TierUser) => Payload;
};
type Payload = Pick<AuditLogsTable, 'entity_id' | 'metadata' | 'changes'>;
export type TierUser = { id: string; email: string; isAdmin: boolean };

const DOCTOR_NAMES = ['Marie Dupont', 'Jean Martin', 'Sophie Bernard', 'Luc Petit', 'Claire Moreau', 'Paul Laurent'];
const TITLES = ['Visite de suivi', 'Présentation produit', 'Appel de relance', 'Congrès régional', 'Staff hospitalier'];
const OFFICES = ['Cabinet médical du Parc', 'Centre de santé Pasteur', 'Maison de santé des Lilas'];

const json = (value: unknown) => JSON.stringify(value);
const uuid = (random: Random) => v7({ msecs: 1_700_000_000_000 + random.int(1e9) });

function activityFields(random: Random) {
  return {
    id: uuid(random),
    title: random.pick(TITLES),
    start: '2026-03-12T09:00:00.000Z',
    end: '2026-03-12T10:00:00.000Z',
    allDay: false,
    duration: 60,
    doctorId: uuid(random),
    doctorName: random.pick(DOCTOR_NAMES),
    description: null,
    location: random.pick(OFFICES),
    callNotes: random.chance(0.5) ? 'Intéressé par la nouvelle posologie, à revoir dans un mois.' : null,
    productIds: [uuid(random)],
    budgetEstimate: null,
    approvalStatus: 'none',
    done: false,
  };
}

/** The mix of a working year: sign-ins and activities above all, the directory now and then. */
const KINDS: readonly Kind[] = [
  {
    weight: 22,
    action: 'login',
    entityType: 'user',
    build: (_random, user) => ({ entity_id: user.id, metadata: json({ email: user.email }), changes: null }),
  },
  {
    weight: 6,
    action: 'logout',
    entityType: 'user',
    build: (_random, user) => ({ entity_id: user.id, metadata: json({ email: user.email }), changes: null }),
  },
  {
    weight: 20,
    action: 'create',
    entityType: 'activity',
    build: (random) => {
      const fields = activityFields(random);
      return {
        entity_id: fields.id,
        metadata: json({ title: fields.title, doctorName: fields.doctorName }),
        changes: json({ previous: null, new: fields }),
      };
    },
  },
  {
    weight: 14,
    action: 'update',
    entityType: 'activity',
    build: (random) => ({
      entity_id: uuid(random),
      metadata: json({ title: random.pick(TITLES), doctorName: random.pick(DOCTOR_NAMES) }),
      changes: json({
        callNotes: { before: null, after: 'Échantillons remis, rappeler pour le congrès.' },
        duration: { before: 30, after: 45 },
      }),
    }),
  },
  {
    weight: 12,
    action: 'done',
    entityType: 'activity',
    build: (random) => ({
      entity_id: uuid(random),
      metadata: json({ title: random.pick(TITLES), doctorName: random.pick(DOCTOR_NAMES) }),
      changes: json({ done: { before: false, after: true } }),
    }),
  },
  {
    weight: 2,
    action: 'delete',
    entityType: 'activity',
    build: (random) => {
      const fields = activityFields(random);
      return {
        entity_id: fields.id,
        metadata: json({ title: fields.title, doctorName: fields.doctorName }),
        changes: json({ previous: fields, new: null }),
      };
    },
  },
  {
    weight: 2,
    action: 'approve',
    entityType: 'activity',
    build: (random) => ({
      entity_id: uuid(random),
      metadata: json({ title: 'Congrès régional', doctorName: random.pick(DOCTOR_NAMES) }),
      changes: json({ approvalStatus: { before: 'waiting_approval', after: 'approved' } }),
    }),
  },
  {
    weight: 6,
    action: 'update',
    entityType: 'doctor',
    build: (random) => ({
      entity_id: uuid(random),
      metadata: json({ doctorName: random.pick(DOCTOR_NAMES) }),
      changes: json({ phone: { before: null, after: '01 42 68 53 00' } }),
    }),
  },
  {
    weight: 5,
    action: 'update_targets',
    entityType: 'doctor',
    build: (random) => ({
      entity_id: uuid(random),
      metadata: json({ doctorName: random.pick(DOCTOR_NAMES) }),
      changes: json({
        previous: { target: null, potential_target: null },
        new: { target: 'Cible A', potential_target: null },
      }),
    }),
  },
  {
    weight: 4,
    action: 'create',
    entityType: 'consent',
    build: (random) => ({
      entity_id: uuid(random),
      metadata: json({ doctorName: random.pick(DOCTOR_NAMES) }),
      changes: json({
        previous: null,
        new: { professionalConsent: true, congressConsent: random.chance(0.5), generalConsent: true },
      }),
    }),
  },
  {
    weight: 2,
    action: 'update',
    entityType: 'office',
    build: (random) => {
      const name = random.pick(OFFICES);
      return {
        entity_id: uuid(random),
        metadata: json({ officeName: name, name }),
        changes: json({ email: { before: null, after: 'accueil@cabinet.fr' } }),
      };
    },
  },
  {
    weight: 1,
    action: 'link_office',
    entityType: 'doctor',
    build: (random) => ({
      entity_id: uuid(random),
      metadata: json({ doctorName: random.pick(DOCTOR_NAMES), officeName: random.pick(OFFICES) }),
      changes: json({ previous: null, new: { officeId: uuid(random) } }),
    }),
  },
];
const KIND_WEIGHTS = KINDS.map((kind) => kind.weight);

/** Weekdays carry the work; a weekend day a tenth of one. */
function dayWeight(day: Date): number {
  const weekday = day.getUTCDay();
  return weekday === 0 || weekday === 6 ? 0.1 : 1;
}

/** How many entries each of the last `days` days gets (oldest first), adding up to `total` exactly. */
export function entriesPerDay(total: number, days: number, now: Date): { start: number; count: number }[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const starts = Array.from({ length: days }, (_, index) => today - (days - 1 - index) * DAY_MS);
  const weights = starts.map((start) => dayWeight(new Date(start)));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((weight) => Math.floor((weight / sum) * total));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (let index = counts.length - 1; missing > 0; index = (index - 1 + days) % days, missing -= 1)
    counts[index] = (counts[index] ?? 0) + 1;
  return starts.map((start, index) => ({ start, count: counts[index] ?? 0 }));
}

/** Generated entries, oldest first, in batches; no entry is later than `now`. */
export function* generateAuditEntries(options: {
  entries: number;
  days: number;
  users: readonly TierUser[];
  seed: number;
  now: Date;
}): Generator<AuditLogsTable[]> {
  const random = new Random(options.seed ^ 0xa0d17);
  // The administrators and a few busy users write more than the rest.
  const userWeights = options.users.map((user, index) =>
    user.isAdmin ? 6 : index % 50 === 0 ? 3 : 0.5 + random.next(),
  );
  let batch: AuditLogsTable[] = [];
  for (const { start, count } of entriesPerDay(options.entries, options.days, options.now)) {
    const span = Math.min(WORK_SPAN_MS, Math.max(1, options.now.getTime() - start - WORK_START_MS));
    const offsets = Array.from({ length: count }, () => random.int(span)).sort((a, b) => a - b);
    for (const offset of offsets) {
      const at = Math.min(options.now.getTime(), start + WORK_START_MS + offset);
      const user = options.users[pickWeighted(random, userWeights)];
      if (!user) throw new Error('audit entries need users');
      const kind = KINDS[pickWeighted(random, KIND_WEIGHTS)] ?? KINDS[0];
      if (!kind) throw new Error('no audit kinds');
      batch.push({
        id: v7({ msecs: at }),
        action: kind.action,
        entity_type: kind.entityType,
        ...kind.build(random, user),
        user_id: user.id,
        user_email: user.email,
        created_at: new Date(at).toISOString(),
      });
      if (batch.length === BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Adds `entries` audit entries over the last `days` days by the database's users, then counts the days that
 * are over, as the first read of the log would (decision 0030); answers the rows added.
 */
export async function seedAuditTier(
  db: Db,
  options: { entries: number; days?: number; seed: number; log: (line: string) => void },
): Promise<number> {
  const rows = await db.selectFrom('users').select(['id', 'email', 'is_admin']).orderBy('email').execute();
  const users = rows.map((row) => ({ id: row.id, email: row.email, isAdmin: row.is_admin === 1 }));
  if (users.length === 0) throw new Error('audit entries need users: give --reps, or seed the demo accounts');
  let inserted = 0;
  let reported = 0;
  for (const batch of generateAuditEntries({
    entries: options.entries,
    days: options.days ?? 365,
    users,
    seed: options.seed,
    now: new Date(),
  })) {
    await db.transaction().execute((trx) => insertRows(trx, 'audit_logs', batch));
    inserted += batch.length;
    if (inserted - reported >= 500_000) {
      reported = inserted;
      options.log(`  ${inserted.toLocaleString('en')} audit entries`);
    }
  }
  await countEndedDays(db, new LogsRepository(systemClock), new Date());
  options.log('  counted the audit entries of the days that are over');
  return inserted;
}
