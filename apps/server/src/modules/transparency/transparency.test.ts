import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Benefit, BenefitNature, BenefitYear, Convention, ConventionList, SyncChangesResult } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { tableCounts } from '#server/test/table-counts.ts';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

const LEDGER_TABLES = [
  'transparency_benefits',
  'transparency_conventions',
  'transparency_exports',
  'transparency_exported_lines',
  'audit_logs',
  'idempotency_keys',
] as const;

const COMPANY = {
  TRANSPARENCY_COMPANY_ID: 'ABCD1234',
  TRANSPARENCY_COMPANY_NAME: 'Laboratoires Exemple',
  TRANSPARENCY_COMPANY_SIREN: '123456789',
};

const benefitsOf = (doctorId: string) => `/api/doctors/${doctorId}/benefits`;
const conventionsOf = (doctorId: string) => `/api/doctors/${doctorId}/conventions`;

const benefit = (nature: BenefitNature, amountCents: number, date = '2026-03-10', extra: object = {}) => ({
  id: newId(),
  nature,
  amountCents,
  date,
  ...extra,
});

const convention = (overrides: object = {}) => ({
  id: newId(),
  object: 'hospitality',
  startDate: '2026-03-18',
  endDate: '2026-03-20',
  items: [{ kind: 'hotel_night', unitAmountCents: 14_000, quantity: 2 }],
  ...overrides,
});

describe.each(engines())('transparency on %s', (engine) => {
  let t: TestApp;
  let rep: Call;
  let colleague: Call;
  let reader: Call;
  let admin: Call;
  let adminAuthorization: string;

  beforeAll(async () => {
    t = await createTestApp(engine, COMPANY);
    rep = await callerFor(t, await t.factory.user({ firstName: 'Rémi', lastName: 'Représentant' }));
    colleague = await callerFor(t, await t.factory.user({ firstName: 'Claire', lastName: 'Collègue' }));
    reader = await callerFor(t, await t.factory.user({ firstName: 'Lucie', lastName: 'Lectrice', readWrite: false }));
    const adminAccount = await t.factory.user({ firstName: 'Anne', lastName: 'Admin', isAdmin: true });
    admin = await callerFor(t, adminAccount);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: adminAccount.email, password: adminAccount.password },
    });
    adminAuthorization = `Bearer ${login.json<{ token: string }>().token}`;
  });
  afterAll(() => t.close());

  const db = (): Db => t.database.db;
  const counts = () => tableCounts(db(), LEDGER_TABLES);

  /** A call that must be refused with `status` and `code`, writing nothing. */
  async function refused(call: () => ReturnType<Call>, status: number, code: string): Promise<ErrorBody> {
    const before = await counts();
    const answer = await call();
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect((answer.body as ErrorBody).code).toBe(code);
    expect(await counts()).toEqual(before);
    return answer.body as ErrorBody;
  }

  async function recorded(doctorId: string, body: object, as: Call = rep): Promise<Benefit> {
    const answer = await as('POST', benefitsOf(doctorId), body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Benefit;
  }

  describe('negligible values', () => {
    it.each([
      ['meal', 3000, 'A meal or snack', '€30'],
      ['snack', 3000, 'A meal or snack', '€30'],
      ['book_or_journal', 3000, 'A book or journal', '€30'],
      ['sample', 2000, 'A sample', '€20'],
      ['office_supply', 2000, 'Office supplies', '€20'],
    ] as const)(
      'a %s at its limit is recorded; one cent over is refused naming the figure',
      async (nature, limit, words, figure) => {
        const doctor = await t.factory.doctor();
        const body = await refused(
          () => rep('POST', benefitsOf(doctor.id), benefit(nature, limit + 1)),
          422,
          'NEGLIGIBLE_VALUE_EXCEEDED',
        );
        expect(body.message).toContain(words);
        expect(body.message).toContain(figure);
        expect(body.fields).toHaveProperty('amountCents');
        const saved = await recorded(doctor.id, benefit(nature, limit));
        expect(saved).toMatchObject({ nature, amountCents: limit, doctorId: doctor.id, conventionId: null });
      },
    );

    it('a third meal in a calendar year is refused; the next year starts again', async () => {
      const doctor = await t.factory.doctor();
      await recorded(doctor.id, benefit('meal', 1500, '2026-01-10'));
      await recorded(doctor.id, benefit('snack', 800, '2026-06-10'), colleague);
      const body = await refused(
        () => rep('POST', benefitsOf(doctor.id), benefit('meal', 100, '2026-12-31')),
        422,
        'NEGLIGIBLE_VALUE_EXCEEDED',
      );
      expect(body.message).toContain('At most 2 meals');
      expect(body.message).toContain('2 already this year');
      await recorded(doctor.id, benefit('meal', 100, '2027-01-01'));
    });

    it('books add up to their yearly limit and a fourth sample is refused, in French too', async () => {
      const doctor = await t.factory.doctor();
      for (const amount of [3000, 3000, 3000, 3000, 2999])
        await recorded(doctor.id, benefit('book_or_journal', amount));
      await refused(
        () => rep('POST', benefitsOf(doctor.id), benefit('book_or_journal', 2)),
        422,
        'NEGLIGIBLE_VALUE_EXCEEDED',
      );
      await recorded(doctor.id, benefit('book_or_journal', 1));
      for (let i = 0; i < 3; i += 1) await recorded(doctor.id, benefit('sample', 500));
      const before = await counts();
      const french = await t.app.inject({
        method: 'POST',
        url: benefitsOf(doctor.id),
        headers: { authorization: adminAuthorization, 'accept-language': 'fr' },
        payload: benefit('sample', 500),
      });
      expect(french.statusCode).toBe(422);
      expect(french.json<ErrorBody>().message).toContain('Au plus 3 échantillons');
      expect(await counts()).toEqual(before);

      const year = (await rep('GET', `${benefitsOf(doctor.id)}?year=2026`)).body as BenefitYear;
      expect(year.benefits).toHaveLength(9);
      expect(year.limits).toEqual([
        { rule: 'mealCount', unit: 'count', perItemCents: 3000, used: 0, limit: 2, left: 2 },
        { rule: 'bookYear', unit: 'cents', perItemCents: 3000, used: 15_000, limit: 15_000, left: 0 },
        { rule: 'sampleCount', unit: 'count', perItemCents: 2000, used: 3, limit: 3, left: 0 },
        { rule: 'officeSupplyYear', unit: 'cents', perItemCents: null, used: 0, limit: 2000, left: 2000 },
      ]);
      const other = (await rep('GET', `${benefitsOf(doctor.id)}?year=2025`)).body as BenefitYear;
      expect(other.benefits).toEqual([]);
    });

    it('a hotel night needs a convention in force; under one, no negligible value applies', async () => {
      const doctor = await t.factory.doctor();
      const body = await refused(
        () => rep('POST', benefitsOf(doctor.id), benefit('hotel_night', 100)),
        422,
        'NEGLIGIBLE_VALUE_EXCEEDED',
      );
      expect(body.message).toContain('convention declared or authorised in advance');
      const draft = (await rep('POST', conventionsOf(doctor.id), convention())).body as Convention;
      await refused(
        () =>
          rep('POST', benefitsOf(doctor.id), benefit('hotel_night', 14_000, '2026-03-18', { conventionId: draft.id })),
        409,
        'CONVENTION_NOT_IN_FORCE',
      );
      await rep('PUT', `/api/conventions/${draft.id}`, { status: 'filed' });
      await recorded(doctor.id, benefit('hotel_night', 14_000, '2026-03-18', { conventionId: draft.id }));
      await recorded(doctor.id, benefit('meal', 4500, '2026-03-18', { conventionId: draft.id }));
      const conventions = (await rep('GET', conventionsOf(doctor.id))).body as ConventionList;
      expect(conventions.conventions[0]).toMatchObject({ id: draft.id, status: 'filed', paidCents: 18_500 });

      const otherDoctor = await t.factory.doctor();
      await refused(
        () =>
          rep(
            'POST',
            benefitsOf(otherDoctor.id),
            benefit('hotel_night', 100, '2026-03-18', { conventionId: draft.id }),
          ),
        409,
        'CONFLICT',
      );
    });
  });

  describe('who may do what', () => {
    it('a reader cannot record; nobody reads or writes the ledger of a doctor that does not exist', async () => {
      const doctor = await t.factory.doctor();
      await refused(() => reader('POST', benefitsOf(doctor.id), benefit('meal', 1000)), 403, 'FORBIDDEN');
      await refused(() => reader('POST', conventionsOf(doctor.id), convention()), 403, 'FORBIDDEN');
      expect((await reader('GET', benefitsOf(doctor.id))).status).toBe(200);
      const missing = newId();
      await refused(() => rep('POST', benefitsOf(missing), benefit('meal', 1000)), 404, 'NOT_FOUND');
      await refused(() => rep('GET', benefitsOf(missing)), 404, 'NOT_FOUND');
      await refused(() => rep('GET', conventionsOf(missing)), 404, 'NOT_FOUND');
    });

    it('a doctor removed from the directory keeps a ledger that reads, and takes no new benefit', async () => {
      const doctor = await t.factory.doctor();
      const kept = await recorded(doctor.id, benefit('meal', 1200));
      expect((await rep('DELETE', `/api/doctors/${doctor.id}`)).status).toBe(204);
      const year = (await reader('GET', `${benefitsOf(doctor.id)}?year=2026`)).body as BenefitYear;
      expect(year.benefits.map((one) => one.id)).toEqual([kept.id]);
      await refused(() => rep('POST', benefitsOf(doctor.id), benefit('meal', 1000)), 404, 'NOT_FOUND');
    });

    it("a benefit linked to another rep's activity is refused as if it did not exist", async () => {
      const doctor = await t.factory.doctor();
      const owner = await t.factory.user();
      const activity = await t.factory.activity({ ownerId: owner.id, doctorId: doctor.id });
      await refused(
        () => rep('POST', benefitsOf(doctor.id), benefit('meal', 1000, '2026-03-10', { activityId: activity.id })),
        404,
        'NOT_FOUND',
      );
    });

    it('only administrators export, see the semester, and record an authorisation', async () => {
      await refused(() => rep('GET', '/api/transparency/declarations.csv?semester=2026-S1'), 403, 'FORBIDDEN');
      await refused(() => rep('GET', '/api/transparency/semesters/2026-S1'), 403, 'FORBIDDEN');
      const doctor = await t.factory.doctor();
      const created = (
        await rep(
          'POST',
          conventionsOf(doctor.id),
          convention({ items: [{ kind: 'hotel_night', unitAmountCents: 15_001, quantity: 1 }] }),
        )
      ).body as Convention;
      expect(created).toMatchObject({
        regime: 'authorisation',
        thresholdsExceeded: ['hospitaliteParNuitee'],
        status: 'draft',
        filingDeadline: '2026-01-18',
      });
      await refused(
        () => rep('PUT', `/api/conventions/${created.id}`, { status: 'authorised' }),
        409,
        'CONVENTION_STATUS',
      );
      expect((await rep('PUT', `/api/conventions/${created.id}`, { status: 'filed' })).status).toBe(200);
      await refused(() => rep('PUT', `/api/conventions/${created.id}`, { status: 'authorised' }), 403, 'FORBIDDEN');
      const authorised = await admin('PUT', `/api/conventions/${created.id}`, { status: 'authorised' });
      expect(authorised.body).toMatchObject({ status: 'authorised' });
      const changed = await rep('PUT', `/api/conventions/${created.id}`, {
        items: [{ kind: 'hotel_night', unitAmountCents: 15_001, quantity: 2 }],
      });
      expect(changed.body).toMatchObject({ status: 'draft', totalAmountCents: 30_002 });
      const refusedOne = (await rep('POST', conventionsOf(doctor.id), convention())).body as Convention;
      await rep('PUT', `/api/conventions/${refusedOne.id}`, {
        items: [{ kind: 'registration', unitAmountCents: 100_001, quantity: 1 }],
        status: 'filed',
      });
      expect((await admin('PUT', `/api/conventions/${refusedOne.id}`, { status: 'refused' })).status).toBe(200);
      await refused(
        () => rep('PUT', `/api/conventions/${refusedOne.id}`, { status: 'draft' }),
        409,
        'CONVENTION_STATUS',
      );
    });
  });

  describe('corrections', () => {
    it('whoever recorded a benefit, or an administrator, corrects it within the limits', async () => {
      const doctor = await t.factory.doctor();
      const meal = await recorded(doctor.id, benefit('meal', 2000, '2026-02-10'));
      await recorded(doctor.id, benefit('meal', 2000, '2026-02-11'));
      await refused(() => colleague('PUT', `/api/benefits/${meal.id}`, { amountCents: 2500 }), 403, 'FORBIDDEN');
      await refused(() => reader('PUT', `/api/benefits/${meal.id}`, { amountCents: 2500 }), 403, 'FORBIDDEN');
      const over = await refused(
        () => rep('PUT', `/api/benefits/${meal.id}`, { amountCents: 3001 }),
        422,
        'NEGLIGIBLE_VALUE_EXCEEDED',
      );
      expect(over.message).toContain('€30');
      await refused(() => rep('PUT', `/api/benefits/${newId()}`, { amountCents: 100 }), 404, 'NOT_FOUND');
      const corrected = await rep('PUT', `/api/benefits/${meal.id}`, { amountCents: 3000, note: 'Addition' });
      expect(corrected.body).toMatchObject({ id: meal.id, amountCents: 3000, note: 'Addition' });
      expect((await admin('PUT', `/api/benefits/${meal.id}`, { date: '2026-02-12' })).body).toMatchObject({
        date: '2026-02-12',
      });
      const audit = await db()
        .selectFrom('audit_logs')
        .select(['action', 'changes'])
        .where('entity_type', '=', 'benefit')
        .where('entity_id', '=', meal.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
      expect(JSON.parse(audit[1]?.changes ?? '{}')).toEqual({
        amountCents: { before: 2000, after: 3000 },
        note: { before: null, after: 'Addition' },
      });
    });
  });

  describe('recorded once', () => {
    it('a replay under the same key or the same client id writes once; another benefit under that id is refused', async () => {
      const doctor = await t.factory.doctor();
      const body = benefit('meal', 2000);
      const key = newId();
      const first = await rep('POST', benefitsOf(doctor.id), body, key);
      const before = await counts();
      const again = await rep('POST', benefitsOf(doctor.id), body, key);
      const underNewKey = await rep('POST', benefitsOf(doctor.id), body, newId());
      expect(again.body).toEqual(first.body);
      expect(underNewKey.body).toEqual(first.body);
      expect((await counts()).transparency_benefits).toBe(before.transparency_benefits);
      await refused(() => rep('POST', benefitsOf(doctor.id), { ...body, amountCents: 2100 }), 409, 'CONFLICT');
      const audit = await db()
        .selectFrom('audit_logs')
        .selectAll()
        .where('entity_type', '=', 'benefit')
        .where('entity_id', '=', body.id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'create' });
    });

    it('a benefit recorded offline goes through the sync batch once', async () => {
      const doctor = await t.factory.doctor();
      const change = {
        method: 'POST' as const,
        path: `/doctors/${doctor.id}/benefits`,
        idempotencyKey: newId(),
        body: benefit('meal', 2500),
      };
      const first = (await rep('POST', '/api/sync/changes', { changes: [change] })).body as SyncChangesResult;
      expect(first.results[0]).toMatchObject({ outcome: 'applied', status: 201 });
      const second = (await rep('POST', '/api/sync/changes', { changes: [change] })).body as SyncChangesResult;
      expect(second.results[0]).toMatchObject({ outcome: 'replayed', status: 201 });
      const over = { ...change, idempotencyKey: newId(), body: benefit('meal', 3001) };
      const third = (await rep('POST', '/api/sync/changes', { changes: [over] })).body as SyncChangesResult;
      expect(third.results[0]).toMatchObject({ outcome: 'refused', status: 422 });
      const year = (await rep('GET', benefitsOf(doctor.id))).body as BenefitYear;
      expect(year.benefits.map((one) => one.id)).toEqual([change.body.id]);
    });
  });
});
