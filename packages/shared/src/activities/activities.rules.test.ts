import { afterAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_DURATIONS,
  activityEnd,
  activityFormLocks,
  activityRuleErrors,
  type ActivityRuleContext,
  type ActivityRuleInput,
  activityStatus,
  centsToEuros,
  eurosToCents,
  hasAtMostTwoDecimals,
  initialApprovalStatus,
  isAllDayEvent,
  markDoneRefusal,
  nextFullHour,
  showMarkDone,
} from './activities.rules.ts';

// The all-day rule and the next full hour read local time; pin the zone so the daylight-saving cases are real.
// Node reads TZ again when it changes; the previous zone is restored for whatever this worker runs next.
const previousZone = process.env.TZ;
process.env.TZ = 'Europe/Paris';
afterAll(() => {
  if (previousZone === undefined) delete process.env.TZ;
  else process.env.TZ = previousZone;
});

const HOUR_MS = 3_600_000;
const iso = (date: Date) => date.toISOString();

describe('the pinned zone', () => {
  it('is Paris, with 23- and 25-hour days in 2026', () => {
    expect(new Date(2026, 0, 15, 12).toISOString()).toBe('2026-01-15T11:00:00.000Z');
    expect(new Date(2026, 2, 30).getTime() - new Date(2026, 2, 29).getTime()).toBe(23 * HOUR_MS);
    expect(new Date(2026, 9, 26).getTime() - new Date(2026, 9, 25).getTime()).toBe(25 * HOUR_MS);
  });
});

describe('activityStatus (spec 001 §4)', () => {
  const now = new Date('2026-03-15T10:00:00.000Z');

  it('is upcoming when not done and the start is still ahead', () => {
    expect(activityStatus({ start: '2026-03-15T10:00:00.001Z', done: false }, now)).toBe('upcoming');
    expect(activityStatus({ start: '2027-01-01T00:00:00.000Z', done: false }, now)).toBe('upcoming');
  });

  it('is incomplete when not done and the start has passed, from the start instant on', () => {
    expect(activityStatus({ start: '2026-03-15T10:00:00.000Z', done: false }, now)).toBe('incomplete');
    expect(activityStatus({ start: '2025-06-01T08:00:00.000Z', done: false }, now)).toBe('incomplete');
  });

  it('is done once marked done, before or after its start', () => {
    expect(activityStatus({ start: '2025-06-01T08:00:00.000Z', done: true }, now)).toBe('done');
    expect(activityStatus({ start: '2027-01-01T00:00:00.000Z', done: true }, now)).toBe('done');
  });

  it('never calls a time-off incomplete: once started it counts as done, before that it is upcoming', () => {
    expect(activityStatus({ start: '2026-03-14T00:00:00.000Z', done: false, isTimeOff: true }, now)).toBe('done');
    expect(activityStatus({ start: '2026-03-16T00:00:00.000Z', done: false, isTimeOff: true }, now)).toBe('upcoming');
  });

  it('compares with the current time by default', () => {
    const inAnHour = new Date(Date.now() + HOUR_MS).toISOString();
    const anHourAgo = new Date(Date.now() - HOUR_MS).toISOString();
    expect(activityStatus({ start: inAnHour, done: false })).toBe('upcoming');
    expect(activityStatus({ start: anHourAgo, done: false })).toBe('incomplete');
  });
});

describe('isAllDayEvent (spec 001 §2)', () => {
  const event = (start: Date, end: Date | null, allDay = false) => ({
    allDay,
    start: iso(start),
    end: end === null ? null : iso(end),
  });

  it('is true when flagged, whatever the times', () => {
    expect(isAllDayEvent(event(new Date(2026, 2, 16, 9), new Date(2026, 2, 16, 10), true))).toBe(true);
    expect(isAllDayEvent(event(new Date(2026, 2, 16, 9), null, true))).toBe(true);
  });

  it('is true for 24 hours from local midnight to local midnight, and for several whole days', () => {
    expect(isAllDayEvent(event(new Date(2026, 2, 16), new Date(2026, 2, 17)))).toBe(true);
    expect(isAllDayEvent(event(new Date(2026, 2, 16), new Date(2026, 2, 19)))).toBe(true);
  });

  it('is true for the 23-hour day of 29 March 2026 and the 25-hour day of 25 October 2026', () => {
    expect(isAllDayEvent(event(new Date(2026, 2, 29), new Date(2026, 2, 30)))).toBe(true);
    expect(isAllDayEvent(event(new Date(2026, 9, 25), new Date(2026, 9, 26)))).toBe(true);
  });

  it('is false when start or end is not at local midnight', () => {
    expect(isAllDayEvent(event(new Date(2026, 2, 16, 9), new Date(2026, 2, 17, 9)))).toBe(false);
    expect(isAllDayEvent(event(new Date(2026, 2, 16), new Date(2026, 2, 16, 23, 59)))).toBe(false);
    expect(isAllDayEvent(event(new Date(2026, 2, 16, 0, 0, 1), new Date(2026, 2, 17)))).toBe(false);
    // UTC midnight is 01:00 in Paris in winter.
    expect(isAllDayEvent({ allDay: false, start: '2026-01-12T00:00:00.000Z', end: '2026-01-13T00:00:00.000Z' })).toBe(
      false,
    );
  });

  it('is false for an empty span at midnight and without an end', () => {
    expect(isAllDayEvent(event(new Date(2026, 2, 16), new Date(2026, 2, 16)))).toBe(false);
    expect(isAllDayEvent(event(new Date(2026, 2, 16), null))).toBe(false);
  });
});

describe('initialApprovalStatus (spec 001 §4)', () => {
  it('waits for approval on a budget-approval channel with a budget estimate, zero included', () => {
    expect(initialApprovalStatus(true, 1250.5)).toBe('waiting_approval');
    expect(initialApprovalStatus(true, 0)).toBe('waiting_approval');
  });

  it('is none without a budget estimate or on a channel without approval', () => {
    expect(initialApprovalStatus(true, null)).toBe('none');
    expect(initialApprovalStatus(false, 300)).toBe('none');
    expect(initialApprovalStatus(false, null)).toBe('none');
  });
});

describe('markDoneRefusal (spec 001 §4)', () => {
  const approvalChannel = { needsBudgetApproval: true };
  const plainChannel = { needsBudgetApproval: false };

  it('refuses a done activity as locked, before anything else', () => {
    expect(markDoneRefusal({ done: true, approvalStatus: 'none' }, plainChannel)).toBe('locked');
    expect(markDoneRefusal({ done: true, approvalStatus: 'waiting_approval' }, approvalChannel)).toBe('locked');
  });

  it('refuses an activity of a budget-approval channel until it is approved', () => {
    for (const approvalStatus of ['none', 'waiting_approval', 'rejected'] as const) {
      expect(markDoneRefusal({ done: false, approvalStatus }, approvalChannel)).toBe('approvalRequired');
    }
    expect(markDoneRefusal({ done: false, approvalStatus: 'approved' }, approvalChannel)).toBeNull();
  });

  it('accepts an activity of a channel without approval', () => {
    expect(markDoneRefusal({ done: false, approvalStatus: 'none' }, plainChannel)).toBeNull();
  });
});

describe('showMarkDone (spec 001 §2)', () => {
  const work = { isTimeOff: false };

  it('shows the button for an open activity, approved, rejected or without approval', () => {
    expect(showMarkDone({ done: false, approvalStatus: 'none' }, work)).toBe(true);
    expect(showMarkDone({ done: false, approvalStatus: 'approved' }, work)).toBe(true);
    expect(showMarkDone({ done: false, approvalStatus: 'rejected' }, work)).toBe(true);
  });

  it('hides it for time-off, waiting-approval and done activities', () => {
    expect(showMarkDone({ done: false, approvalStatus: 'none' }, { isTimeOff: true })).toBe(false);
    expect(showMarkDone({ done: false, approvalStatus: 'waiting_approval' }, work)).toBe(false);
    expect(showMarkDone({ done: true, approvalStatus: 'approved' }, work)).toBe(false);
  });
});

describe('activityFormLocks (spec 001 §4)', () => {
  it('leaves an open activity without approval editable', () => {
    expect(activityFormLocks({ done: false, approvalStatus: 'none', budgetEstimate: null })).toEqual({
      readOnly: false,
      channelLocked: false,
      budgetLocked: false,
    });
  });

  it('makes a done activity read-only', () => {
    expect(activityFormLocks({ done: true, approvalStatus: 'none', budgetEstimate: null }).readOnly).toBe(true);
  });

  it('locks the budget once approved, and the channel too when the approved budget is above zero', () => {
    expect(activityFormLocks({ done: false, approvalStatus: 'approved', budgetEstimate: 150 })).toEqual({
      readOnly: false,
      channelLocked: true,
      budgetLocked: true,
    });
    expect(activityFormLocks({ done: false, approvalStatus: 'approved', budgetEstimate: 0 })).toMatchObject({
      channelLocked: false,
      budgetLocked: true,
    });
    expect(activityFormLocks({ done: false, approvalStatus: 'approved', budgetEstimate: null })).toMatchObject({
      channelLocked: false,
      budgetLocked: true,
    });
  });

  it('locks nothing while the budget waits or after a rejection', () => {
    for (const approvalStatus of ['waiting_approval', 'rejected'] as const) {
      expect(activityFormLocks({ done: false, approvalStatus, budgetEstimate: 150 })).toMatchObject({
        channelLocked: false,
        budgetLocked: false,
      });
    }
  });
});

describe('activityEnd', () => {
  const start = '2026-03-16T08:00:00.000Z';

  it('ends a timed activity after its duration, 60 minutes by default, whatever end is given', () => {
    expect(activityEnd({ start, allDay: false, duration: 90 })).toBe('2026-03-16T09:30:00.000Z');
    expect(activityEnd({ start, allDay: false, duration: 480 })).toBe('2026-03-16T16:00:00.000Z');
    expect(activityEnd({ start, allDay: false })).toBe('2026-03-16T09:00:00.000Z');
    expect(activityEnd({ start, allDay: false, duration: null, end: '2026-03-20T00:00:00.000Z' })).toBe(
      '2026-03-16T09:00:00.000Z',
    );
  });

  it('ends an all-day activity at its end when after the start', () => {
    expect(activityEnd({ start, allDay: true, end: '2026-03-18T23:00:00.000Z' })).toBe('2026-03-18T23:00:00.000Z');
  });

  it('ends an all-day activity a day later without a usable end', () => {
    for (const end of [undefined, null, '', 'not a date', start, '2026-03-15T08:00:00.000Z']) {
      expect(activityEnd({ start, allDay: true, end, duration: 30 })).toBe('2026-03-17T08:00:00.000Z');
    }
  });

  it('ends an all-day activity at the next Paris midnight across the clock changes, not 24 hours later', () => {
    // 29 March 2026 00:00 in Paris is 2026-03-28T23:00Z; 30 March 00:00 is 2026-03-29T22:00Z (a 23-hour day).
    expect(activityEnd({ start: '2026-03-28T23:00:00.000Z', allDay: true })).toBe('2026-03-29T22:00:00.000Z');
    // 25 October 2026 lasts 25 hours.
    expect(activityEnd({ start: '2026-10-24T22:00:00.000Z', allDay: true })).toBe('2026-10-25T23:00:00.000Z');
  });
});

describe('nextFullHour (spec 001 §9)', () => {
  it('proposes the next full local hour, strictly after now', () => {
    expect(nextFullHour(new Date(2026, 2, 16, 10, 20, 35, 123))).toEqual(new Date(2026, 2, 16, 11));
    expect(nextFullHour(new Date(2026, 2, 16, 10, 0, 0, 0))).toEqual(new Date(2026, 2, 16, 11));
  });

  it('crosses midnight into the next day', () => {
    expect(nextFullHour(new Date(2026, 2, 31, 23, 30))).toEqual(new Date(2026, 3, 1, 0));
  });

  it('skips the hour the clocks jump over on 29 March 2026', () => {
    const next = nextFullHour(new Date(2026, 2, 29, 1, 30));
    expect(next.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(next.getHours()).toBe(3);
  });

  it('starts from the current time by default', () => {
    const before = Date.now();
    const next = nextFullHour();
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(HOUR_MS);
    expect([next.getMinutes(), next.getSeconds(), next.getMilliseconds()]).toEqual([0, 0, 0]);
  });
});

describe('activityRuleErrors (spec 001 §5)', () => {
  const CHANNEL_ID = '01900000-0000-7000-8000-000000000001';
  const PRODUCT_ID = '01900000-0000-7000-8000-000000000002';
  const call = { isTimeOff: false, needsBudgetApproval: false };
  const event = { isTimeOff: false, needsBudgetApproval: true };
  const timeOff = { isTimeOff: true, needsBudgetApproval: false };
  const withProducts: ActivityRuleContext = { channel: call, userHasProducts: true };

  const valid: ActivityRuleInput = {
    channelId: CHANNEL_ID,
    title: 'Visite',
    start: '2026-03-16T08:00:00.000Z',
    allDay: false,
    duration: 60,
    productIds: [PRODUCT_ID],
    budgetEstimate: null,
    acknowledgeRules: true,
  };

  it('accepts a complete activity', () => {
    expect(activityRuleErrors(valid, withProducts)).toEqual({});
    expect(activityRuleErrors({ ...valid, budgetEstimate: 250 }, { channel: event, userHasProducts: true })).toEqual(
      {},
    );
  });

  it('requires a known channel', () => {
    expect(activityRuleErrors({ ...valid, channelId: null }, withProducts)).toEqual({
      channelId: 'validation.required',
    });
    expect(activityRuleErrors({ ...valid, channelId: undefined }, withProducts)).toEqual({
      channelId: 'validation.required',
    });
    expect(activityRuleErrors(valid, { channel: null, userHasProducts: true })).toEqual({
      channelId: 'validation.required',
    });
  });

  it('requires a start date', () => {
    expect(activityRuleErrors({ ...valid, start: '' }, withProducts)).toEqual({ start: 'validation.required' });
    expect(activityRuleErrors({ ...valid, start: null }, withProducts)).toEqual({ start: 'validation.required' });
  });

  it('requires a duration unless all-day', () => {
    expect(activityRuleErrors({ ...valid, duration: null }, withProducts)).toEqual({
      duration: 'validation.required',
    });
    expect(activityRuleErrors({ ...valid, duration: undefined }, withProducts)).toEqual({
      duration: 'validation.required',
    });
    expect(activityRuleErrors({ ...valid, allDay: true, duration: null }, withProducts)).toEqual({});
  });

  it('requires products only when the user has some assigned', () => {
    expect(activityRuleErrors({ ...valid, productIds: [] }, withProducts)).toEqual({
      productIds: 'activities.productsRequired',
    });
    expect(activityRuleErrors({ ...valid, productIds: undefined }, withProducts)).toEqual({
      productIds: 'activities.productsRequired',
    });
    expect(activityRuleErrors({ ...valid, productIds: [] }, { channel: call, userHasProducts: false })).toEqual({});
  });

  it('requires a budget estimate on a budget-approval channel only, zero being an estimate', () => {
    const onEvent: ActivityRuleContext = { channel: event, userHasProducts: true };
    expect(activityRuleErrors({ ...valid, budgetEstimate: null }, onEvent)).toEqual({
      budgetEstimate: 'activities.budgetRequired',
    });
    expect(activityRuleErrors({ ...valid, budgetEstimate: undefined }, onEvent)).toEqual({
      budgetEstimate: 'activities.budgetRequired',
    });
    expect(activityRuleErrors({ ...valid, budgetEstimate: 0 }, onEvent)).toEqual({});
    expect(activityRuleErrors({ ...valid, budgetEstimate: null }, withProducts)).toEqual({});
  });

  it('requires the rules to be acknowledged', () => {
    expect(activityRuleErrors({ ...valid, acknowledgeRules: false }, withProducts)).toEqual({
      acknowledgeRules: 'activities.acknowledgeRules',
    });
    expect(activityRuleErrors({ ...valid, acknowledgeRules: undefined }, withProducts)).toEqual({
      acknowledgeRules: 'activities.acknowledgeRules',
    });
  });

  it('asks time-off for a title, a channel and a date only', () => {
    const onTimeOff: ActivityRuleContext = { channel: timeOff, userHasProducts: true };
    const dayOff: ActivityRuleInput = {
      channelId: CHANNEL_ID,
      title: 'Congés',
      start: '2026-03-16T00:00:00.000Z',
      allDay: true,
      productIds: [],
      acknowledgeRules: false,
    };
    expect(activityRuleErrors(dayOff, onTimeOff)).toEqual({});
    expect(activityRuleErrors({ ...dayOff, allDay: false, duration: null }, onTimeOff)).toEqual({});
    expect(activityRuleErrors({ ...dayOff, title: '   ' }, onTimeOff)).toEqual({ title: 'activities.timeOffRequired' });
    expect(activityRuleErrors({ ...dayOff, title: null, start: '' }, onTimeOff)).toEqual({
      title: 'activities.timeOffRequired',
      start: 'validation.required',
    });
  });

  it('names every missing field of an empty form at once', () => {
    expect(activityRuleErrors({}, { channel: null, userHasProducts: true })).toEqual({
      channelId: 'validation.required',
      start: 'validation.required',
      duration: 'validation.required',
      productIds: 'activities.productsRequired',
      acknowledgeRules: 'activities.acknowledgeRules',
    });
  });
});

describe('euros and cents', () => {
  it('accepts at most two decimals, despite binary fractions', () => {
    for (const value of [0, 12, 12.3, 12.34, 19.99, 0.1 + 0.2, 1_000_000.01]) {
      expect(hasAtMostTwoDecimals(value)).toBe(true);
    }
    for (const value of [12.345, 0.001, 19.999]) {
      expect(hasAtMostTwoDecimals(value)).toBe(false);
    }
  });

  it('converts euros to whole cents and back', () => {
    expect(eurosToCents(12.34)).toBe(1234);
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(0)).toBe(0);
    expect(centsToEuros(1999)).toBe(19.99);
    expect(centsToEuros(eurosToCents(1234.56))).toBe(1234.56);
  });
});

describe('ACTIVITY_DURATIONS', () => {
  it('are the spec’s durations, 15 minutes to 8 hours', () => {
    expect(ACTIVITY_DURATIONS).toEqual([15, 30, 45, 60, 90, 120, 150, 180, 210, 240, 300, 360, 420, 480]);
  });
});
