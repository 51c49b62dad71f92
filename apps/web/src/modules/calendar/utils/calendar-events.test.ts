import { describe, expect, it } from 'vitest';
import {
  dateClickParams,
  eventColor,
  eventTitle,
  INCOMPLETE_COLOR,
  moveRequest,
  PENDING_SYNC_CLASS,
  selectionParams,
  tint,
  toCalendarEvent,
} from '@/modules/calendar/utils/calendar-events';
import { activity } from '@/modules/activities/test/fixtures';

const local = (month: number, date: number, hour = 0, minute = 0) => new Date(2026, month - 1, date, hour, minute);
const channel = { id: 'c', name: 'Call', color: '#1890ff', isTimeOff: false, needsBudgetApproval: false };

describe('event colour and label', () => {
  it("uses the channel's colour, and red for an incomplete activity", () => {
    expect(eventColor({ status: 'upcoming', channel })).toBe('#1890ff');
    expect(eventColor({ status: 'done', channel })).toBe('#1890ff');
    expect(eventColor({ status: 'incomplete', channel })).toBe(INCOMPLETE_COLOR);
  });

  it("shows the title, else the channel's name in the user's language", () => {
    expect(eventTitle({ title: 'Visite', channel })).toBe('Visite');
    expect(eventTitle({ title: null, channel })).toBe('Appel');
    expect(eventTitle({ title: '  ', channel })).toBe('Appel');
  });
});

/** WCAG 2.1's contrast ratio of two #rrggbb colours. */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const linear = (start: number) => {
      const value = parseInt(color.slice(start, start + 2), 16) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5);
  };
  const [a, b] = [luminance(first), luminance(second)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe('event colours', () => {
  // The demo's channel colours (spec 001 §8: green, purple, blue, red, orange, grey), the default one, and
  // colours an administrator may pick: the darkest and the lightest.
  const colours = ['#52c41a', '#722ed1', '#1890ff', '#f5222d', '#fa8c16', '#8c8c8c', '#000000', '#ffff00'];

  it.each(colours)('keep %s as the leading edge, under text that reads at WCAG AA', (color) => {
    for (const done of [false, true]) {
      const event = toCalendarEvent({ ...activity({ done }), channel: { ...channel, color } });
      expect(event.borderColor).toBe(color);
      expect(contrast(event.textColor, event.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('tints towards white, and leaves a colour it cannot read alone', () => {
    expect(tint('#000000', 0.8)).toBe('#cccccc');
    expect(tint('#1890FF', 0)).toBe('#1890ff');
    expect(tint('rebeccapurple', 0.8)).toBe('rebeccapurple');
  });
});

describe('an activity changed on the device', () => {
  it('shows as waiting to sync until its change has been sent', () => {
    expect(toCalendarEvent({ ...activity(), pendingSync: true } as ReturnType<typeof activity>).classNames).toContain(
      PENDING_SYNC_CLASS,
    );
    expect(toCalendarEvent(activity()).classNames).not.toContain(PENDING_SYNC_CLASS);
  });
});

describe('moveRequest', () => {
  it('keeps the length of a timed event as its duration', () => {
    expect(moveRequest({ start: local(11, 19, 10), end: local(11, 19, 11, 30), allDay: false }, 60)).toEqual({
      ok: true,
      update: { start: local(11, 19, 10).toISOString(), duration: 90, allDay: false },
    });
  });

  it("keeps the activity's duration when FullCalendar gives no end, else the default hour", () => {
    expect(moveRequest({ start: local(11, 19, 10), end: null, allDay: false }, 30)).toMatchObject({
      update: { duration: 30 },
    });
    expect(moveRequest({ start: local(11, 19, 10), end: null, allDay: false }, null)).toMatchObject({
      update: { duration: 60 },
    });
  });

  it('refuses a length the form does not offer', () => {
    expect(moveRequest({ start: local(11, 19, 10), end: local(11, 19, 11, 15), allDay: false }, 60)).toEqual({
      ok: false,
      reason: 'durationInvalid',
    });
    expect(moveRequest({ start: local(11, 19, 8), end: local(11, 19, 17), allDay: false }, 60)).toEqual({
      ok: false,
      reason: 'durationInvalid',
    });
  });

  it('sends an all-day event with its exclusive end, one day when none is given', () => {
    expect(moveRequest({ start: local(11, 19), end: local(11, 21), allDay: true }, null)).toEqual({
      ok: true,
      update: { start: local(11, 19).toISOString(), end: local(11, 21).toISOString(), allDay: true },
    });
    expect(moveRequest({ start: local(11, 19), end: null, allDay: true }, 60)).toMatchObject({
      update: { end: local(11, 20).toISOString(), allDay: true },
    });
  });
});

describe('new activity links', () => {
  it('makes a month-view click an all-day activity of that day', () => {
    expect(dateClickParams(local(11, 20), true)).toEqual({ date: '2026-11-20', endDate: '2026-11-21', allDay: true });
  });

  it('makes a time-grid click that time for an hour', () => {
    expect(dateClickParams(local(11, 20, 9, 30), false)).toEqual({
      date: '2026-11-20',
      time: '09:30',
      endDate: '2026-11-20',
      endTime: '10:30',
      allDay: false,
    });
    expect(dateClickParams(local(11, 30, 23, 30), false)).toMatchObject({ endDate: '2026-12-01', endTime: '00:30' });
  });

  it('passes a selected range on with its exclusive end', () => {
    expect(selectionParams({ start: local(11, 20, 14), end: local(11, 20, 15, 45), allDay: false })).toEqual({
      date: '2026-11-20',
      time: '14:00',
      endDate: '2026-11-20',
      endTime: '15:45',
      allDay: false,
    });
    expect(selectionParams({ start: local(11, 20), end: local(11, 23), allDay: true })).toEqual({
      date: '2026-11-20',
      endDate: '2026-11-23',
      allDay: true,
    });
  });
});
