import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, SyncChange, SyncChangesResult } from '@crm/shared';
import { buildApp } from '#server/app.ts';
import { newId } from '#server/db/ids.ts';
import { activityCast, type ActivityCast } from '#server/test/activity-cast.ts';
import { caller, signIn } from '#server/test/callers.ts';
import { DiesAtKey } from '#server/test/dies-at-key.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';

/*
 * Issue 28, after Actual Budget's habit: whatever happens to the rep's queued changes on the way (answers
 * lost, the same batch sent again, a server process dying in the middle of a batch, the device reconnecting
 * between batches), the server ends in the state of every change applied once, in the order it was made.
 */

/** A change the rep makes on the device, on the activities it created: `target` picks one of them. */
type Edit = { kind: 'create' } | { kind: 'edit'; target: number; title: string } | { kind: 'delete'; target: number };

/** What becomes of one send of the first changes still waiting. */
type Delivery = {
  /** How many of the waiting changes go in the batch (at least one, at most what waits). */
  size: number;
  fate: 'answered' | 'answerLost' | 'processDies';
  /** For processDies: the change of the batch whose commit the process does not reach. */
  diesAt: number;
};

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Edit>({ kind: 'create' }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      target: fc.nat(),
      title: fc.string({ minLength: 1, maxLength: 20 }).filter((title) => title.trim() !== ''),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }) },
);

const deliveryArbitrary: fc.Arbitrary<Delivery> = fc.record({
  size: fc.integer({ min: 1, max: 6 }),
  fate: fc.constantFrom<Delivery['fate']>('answered', 'answered', 'answerLost', 'processDies'),
  diesAt: fc.nat({ max: 5 }),
});

/** The device's queue for a run: the edits made valid (an edit or delete names a live activity) and keyed. */
function queueOf(edits: readonly Edit[], cast: ActivityCast, doctorId: string) {
  const live: string[] = [];
  const expected = new Map<string, string | null>();
  const changes: SyncChange[] = [];
  for (const edit of edits) {
    if (edit.kind === 'create' || live.length === 0) {
      const id = newId();
      const title = `Visite ${String(changes.length)}`;
      live.push(id);
      expected.set(id, title);
      changes.push({
        method: 'POST',
        path: '/activities',
        idempotencyKey: newId(),
        body: cast.validCall({ id, doctorId, title }),
      });
    } else if (edit.kind === 'edit') {
      const id = live[edit.target % live.length] ?? '';
      expected.set(id, edit.title.trim());
      changes.push({ method: 'PUT', path: `/activities/${id}`, idempotencyKey: newId(), body: { title: edit.title } });
    } else {
      const id = live.splice(edit.target % live.length, 1)[0] ?? '';
      expected.set(id, null);
      changes.push({ method: 'DELETE', path: `/activities/${id}`, idempotencyKey: newId() });
    }
  }
  return { changes, expected };
}

describe.each(engines())('the sync queue under faults on %s', (engine) => {
  let t: TestApp;
  let cast: ActivityCast;
  let dying: FastifyInstance;
  const plugin = new DiesAtKey();
  let authorization: string;
  let doctorId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    cast = await activityCast(t);
    ({ authorization } = await signIn(t.app, cast.users.rep.email, cast.users.rep.password));
    doctorId = (await t.factory.doctor({ firstName: 'Paula', lastName: 'Propriete' })).id;
    // A second server process on the same database, which dies where it is told to.
    dying = await buildApp({ config: t.config, db: t.database.db.withPlugin(plugin), startJobs: false });
    await dying.ready();
  });
  afterAll(async () => {
    await dying.close();
    await t.close();
  });

  async function sendBatch(app: FastifyInstance, changes: SyncChange[]): Promise<SyncChangesResult['results']> {
    const response = await caller(app, authorization)('POST', '/api/sync/changes', { changes });
    expect(response.status).toBe(200);
    return (response.body as SyncChangesResult).results;
  }

  it('ends with every change applied once, in order, whatever is lost, repeated or cut short', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(editArbitrary, { minLength: 1, maxLength: 12 }),
        fc.array(deliveryArbitrary, { maxLength: 10 }),
        async (edits, deliveries) => {
          const { changes, expected } = queueOf(edits, cast, doctorId);
          const keysBefore = await countKeys();
          let waiting = [...changes];
          // The faults drawn for this run; then the device drains what is left on a healthy server.
          for (const delivery of deliveries) {
            if (waiting.length === 0) break;
            const batch = waiting.slice(0, delivery.size);
            if (delivery.fate === 'processDies') {
              plugin.arm((delivery.diesAt % batch.length) + 1);
              // Its answer is lost with it: the device keeps the whole batch waiting.
              await sendBatch(dying, batch);
              plugin.arm(Number.POSITIVE_INFINITY);
              continue;
            }
            const results = await sendBatch(t.app, batch);
            expect(results.every((result) => ['applied', 'replayed'].includes(result.outcome))).toBe(true);
            if (delivery.fate === 'answered') waiting = waiting.slice(batch.length);
          }
          while (waiting.length > 0) {
            const batch = waiting.slice(0, 5);
            const results = await sendBatch(t.app, batch);
            expect(
              results
                .map((result) => result.outcome)
                .filter((outcome) => outcome !== 'applied' && outcome !== 'replayed'),
            ).toEqual([]);
            waiting = waiting.slice(batch.length);
          }

          // Each change applied exactly once: one idempotency key each, whatever was sent again.
          expect((await countKeys()) - keysBefore).toBe(changes.length);
          for (const [id, title] of expected) {
            const response = await caller(t.app, authorization)('GET', `/api/activities/${id}`);
            if (title === null) expect(response.status).toBe(404);
            else
              expect({ status: response.status, title: (response.body as Activity).title }).toEqual({
                status: 200,
                title,
              });
          }
          const created = changes
            .filter((item) => item.method === 'POST')
            .map((item) => (item.body as { id: string }).id);
          const rows = await t.database.db.selectFrom('activities').select('id').where('id', 'in', created).execute();
          expect(rows.length).toBe([...expected.values()].filter((title) => title !== null).length);
        },
      ),
      { numRuns: 30 },
    );
  });

  async function countKeys(): Promise<number> {
    const row = await t.database.db
      .selectFrom('idempotency_keys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }
});
