import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACTIVITY_DURATIONS } from './activities.rules.ts';
import { ActivityInput, ActivityListQuery, ActivityUpdate, RejectInput } from './activities.schemas.ts';

const CHANNEL_ID = '01900000-0000-7000-8000-000000000001';
const PRODUCT_ID = '01900000-0000-7000-8000-000000000002';
const DOCTOR_ID = '01900000-0000-7000-8000-000000000003';

const validBody = {
  channelId: CHANNEL_ID,
  title: '  Visite du Dr Martin  ',
  start: '2026-03-16T09:00:00+01:00',
  duration: 60,
  doctorId: DOCTOR_ID,
  doctorName: 'Dr Martin',
  attendees: [{ id: DOCTOR_ID, name: 'Dr Martin' }],
  productIds: [PRODUCT_ID],
  description: '',
  budgetEstimate: 1250.5,
  acknowledgeRules: true,
};

/** The message key of each failing field, the first one as the server answers it (http/errors.ts). */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const fields: Record<string, string> = {};
  if (result.success) return fields;
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('ActivityInput (POST /api/activities)', () => {
  it('accepts a valid body, trimming texts, normalising the start to UTC and filling defaults', () => {
    const parsed = ActivityInput.parse(validBody);
    expect(parsed).toMatchObject({
      channelId: CHANNEL_ID,
      title: 'Visite du Dr Martin',
      start: '2026-03-16T08:00:00.000Z',
      duration: 60,
      allDay: false,
      description: null,
      budgetEstimate: 1250.5,
      acknowledgeRules: true,
      productIds: [PRODUCT_ID],
    });
    expect(parsed.id).toBeUndefined();
  });

  it('defaults the optional parts of a minimal body', () => {
    expect(ActivityInput.parse({ channelId: CHANNEL_ID, start: '2026-03-16T08:00:00Z' })).toMatchObject({
      allDay: false,
      attendees: [],
      productIds: [],
      acknowledgeRules: false,
      title: null,
    });
  });

  it('keeps a client-made id, and refuses one that is not a UUID', () => {
    const id = '01900000-0000-7000-8000-0000000000aa';
    expect(ActivityInput.parse({ ...validBody, id }).id).toBe(id);
    expect(fieldErrors(ActivityInput, { ...validBody, id: 'offline-1' })).toEqual({ id: 'validation.id' });
  });

  it('accepts every allowed duration, as a number or a numeric string', () => {
    for (const duration of ACTIVITY_DURATIONS) {
      expect(ActivityInput.parse({ ...validBody, duration }).duration).toBe(duration);
    }
    expect(ActivityInput.parse({ ...validBody, duration: '90' }).duration).toBe(90);
    expect(ActivityInput.parse({ ...validBody, allDay: true, duration: null }).duration).toBeNull();
  });

  it.each([0, 10, 50, 61, 500, 60.5, -60])('refuses a duration of %s minutes', (duration) => {
    expect(fieldErrors(ActivityInput, { ...validBody, duration })).toEqual({
      duration: 'activities.durationInvalid',
    });
  });

  it('refuses a duration that is not a number', () => {
    expect(fieldErrors(ActivityInput, { ...validBody, duration: 'an hour' })).toEqual({
      duration: 'validation.invalid',
    });
  });

  it('accepts a budget of zero and of two decimals', () => {
    expect(ActivityInput.parse({ ...validBody, budgetEstimate: 0 }).budgetEstimate).toBe(0);
    expect(ActivityInput.parse({ ...validBody, budgetEstimate: 19.99 }).budgetEstimate).toBe(19.99);
    expect(ActivityInput.parse({ ...validBody, budgetEstimate: null }).budgetEstimate).toBeNull();
  });

  it.each([
    [-0.01, 'activities.budgetMinimum'],
    [-100, 'activities.budgetMinimum'],
    [12.345, 'activities.budgetDecimals'],
    [0.001, 'activities.budgetDecimals'],
    ['150', 'activities.budgetInvalid'],
    [10_000_000.01, 'activities.budgetInvalid'],
  ])('refuses a budget of %j with %s', (budgetEstimate, message) => {
    expect(fieldErrors(ActivityInput, { ...validBody, budgetEstimate })).toEqual({ budgetEstimate: message });
  });

  it.each([
    [{ start: 'next monday' }, 'start', 'activities.invalidDate'],
    [{ start: '2026-02-30T25:00:00Z' }, 'start', 'activities.invalidDate'],
    [{ start: '' }, 'start', 'validation.required'],
    [{ start: '   ' }, 'start', 'validation.required'],
    [{ start: undefined }, 'start', 'validation.required'],
    [{ end: 'tomorrow' }, 'end', 'activities.invalidDate'],
  ])('refuses the dates %j', (change, field, message) => {
    expect(fieldErrors(ActivityInput, { ...validBody, ...change })).toEqual({ [field]: message });
  });

  it('refuses a channel or a product that is not a UUID, and a missing channel', () => {
    expect(fieldErrors(ActivityInput, { ...validBody, channelId: 'Call' })).toEqual({ channelId: 'validation.id' });
    expect(fieldErrors(ActivityInput, { ...validBody, productIds: ['Cardio'] })).toEqual({
      'productIds.0': 'validation.id',
    });
    expect(fieldErrors(ActivityInput, { ...validBody, channelId: undefined })).toEqual({
      channelId: 'validation.required',
    });
  });

  it('refuses a title longer than 255 characters', () => {
    expect(fieldErrors(ActivityInput, { ...validBody, title: 'x'.repeat(256) })).toEqual({
      title: 'validation.tooLong',
    });
  });
});

describe('ActivityUpdate (PUT /api/activities/{id})', () => {
  it('refuses an empty body', () => {
    expect(fieldErrors(ActivityUpdate, {})).toEqual({ '': 'validation.nothingToUpdate' });
  });

  it('keeps only the fields sent, without filling defaults', () => {
    expect(ActivityUpdate.parse({ done: true })).toEqual({ done: true });
    expect(ActivityUpdate.parse({ start: '2026-03-16T10:15:00+01:00', duration: 45 })).toEqual({
      start: '2026-03-16T09:15:00.000Z',
      duration: 45,
    });
  });

  it('applies the same field rules as a creation', () => {
    expect(fieldErrors(ActivityUpdate, { duration: 50 })).toEqual({ duration: 'activities.durationInvalid' });
    expect(fieldErrors(ActivityUpdate, { budgetEstimate: -5 })).toEqual({
      budgetEstimate: 'activities.budgetMinimum',
    });
    expect(fieldErrors(ActivityUpdate, { start: 'soon' })).toEqual({ start: 'activities.invalidDate' });
  });
});

describe('productId, the one-product form of productIds (spec 001 §3)', () => {
  const { productIds: _productIds, ...withoutProducts } = validBody;

  it('becomes productIds: [productId] in a creation and in an edit', () => {
    expect(ActivityInput.parse({ ...withoutProducts, productId: PRODUCT_ID })).toMatchObject({
      productId: PRODUCT_ID,
      productIds: [PRODUCT_ID],
    });
    expect(ActivityUpdate.parse({ productId: PRODUCT_ID })).toEqual({
      productId: PRODUCT_ID,
      productIds: [PRODUCT_ID],
    });
  });

  it('is refused with productIds, or when it is no UUID, naming productId', () => {
    const both = { productId: PRODUCT_ID, productIds: [PRODUCT_ID] };
    expect(fieldErrors(ActivityInput, { ...withoutProducts, ...both })).toEqual({
      productId: 'activities.productIdWithProductIds',
    });
    expect(fieldErrors(ActivityUpdate, both)).toEqual({ productId: 'activities.productIdWithProductIds' });
    expect(fieldErrors(ActivityInput, { ...withoutProducts, productId: 'x' })).toEqual({ productId: 'validation.id' });
    expect(fieldErrors(ActivityUpdate, { productId: 'x' })).toEqual({ productId: 'validation.id' });
  });
});

describe('ActivityListQuery (GET /api/activities)', () => {
  it('defaults to page 1 of 50, not a calendar view', () => {
    expect(ActivityListQuery.parse({})).toEqual({ page: 1, limit: 50, calendarView: false });
  });

  it('parses the query string of a calendar range', () => {
    expect(
      ActivityListQuery.parse({
        calendarView: 'true',
        startDate: '2026-03-01',
        endDate: '2026-04-01T00:00:00+02:00',
      }),
    ).toEqual({
      page: 1,
      limit: 50,
      calendarView: true,
      startDate: '2026-03-01T00:00:00.000Z',
      endDate: '2026-03-31T22:00:00.000Z',
    });
    expect(ActivityListQuery.parse({ calendarView: 'false' }).calendarView).toBe(false);
  });

  it('parses page, limit, status and doctor', () => {
    expect(
      ActivityListQuery.parse({ page: '3', limit: '20', status: 'waiting_approval', doctorId: DOCTOR_ID }),
    ).toEqual({ page: 3, limit: 20, status: 'waiting_approval', doctorId: DOCTOR_ID, calendarView: false });
  });

  it.each([
    [{ status: 'late' }, 'status', 'validation.invalid'],
    [{ status: 'need_approval' }, 'status', 'validation.invalid'],
    [{ limit: '25' }, 'limit', 'validation.pageSize'],
    [{ startDate: 'last week' }, 'startDate', 'activities.invalidDate'],
    [{ doctorId: '42' }, 'doctorId', 'validation.id'],
  ])('refuses %j', (query, field, message) => {
    expect(fieldErrors(ActivityListQuery, query)).toEqual({ [field]: message });
  });

  it('refuses a calendarView other than true or false', () => {
    expect(Object.keys(fieldErrors(ActivityListQuery, { calendarView: 'yes' }))).toEqual(['calendarView']);
  });
});

describe('RejectInput (PUT /api/activities/{id}/reject)', () => {
  it('keeps the notes trimmed, and none when blank', () => {
    expect(RejectInput.parse({ notes: '  Budget trop élevé ' })).toEqual({ notes: 'Budget trop élevé' });
    expect(RejectInput.parse({ notes: '  ' })).toEqual({ notes: null });
    expect(RejectInput.parse({})).toEqual({ notes: null });
  });
});
