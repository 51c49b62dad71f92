import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { CALL, CHANNELS, EVENT, FACE_TO_FACE, TIME_OFF } from '@/modules/activities/test/fixtures';
import { defaultChannel, newActivityValues } from '@/modules/activities/utils/activity-form-values';

/** Local time, as the form shows it: Wednesday 25 November 2026, 09:20. */
const NOW = new Date(2026, 10, 25, 9, 20);

describe('defaultChannel', () => {
  it('takes the first active channel, in the order the server gives them', () => {
    expect(defaultChannel(CHANNELS)).toBe(FACE_TO_FACE);
    expect(defaultChannel([EVENT, CALL, FACE_TO_FACE])).toBe(EVENT);
  });

  it('takes the first active channel even when it is time-off', () => {
    expect(defaultChannel([TIME_OFF, CALL])).toBe(TIME_OFF);
  });

  it('takes the channel the address asks for, by name in any case or by id, when it is active', () => {
    expect(defaultChannel(CHANNELS, 'call')).toBe(CALL);
    expect(defaultChannel(CHANNELS, 'Event')).toBe(EVENT);
    expect(defaultChannel(CHANNELS, TIME_OFF.id)).toBe(TIME_OFF);
  });

  it('falls back to the first active channel when the asked one is not active', () => {
    expect(defaultChannel([FACE_TO_FACE, EVENT], 'Call')).toBe(FACE_TO_FACE);
    expect(defaultChannel([FACE_TO_FACE, EVENT], CALL.id)).toBe(FACE_TO_FACE);
  });

  it('leaves the channel empty when no channel is active: an inactive Call would be refused', () => {
    expect(defaultChannel([])).toBeUndefined();
    expect(defaultChannel([], 'Call')).toBeUndefined();
  });
});

describe('newActivityValues', () => {
  it('starts at the next full hour for 60 minutes on the first active channel (spec 001 §9)', () => {
    const values = newActivityValues({}, CHANNELS, NOW);
    expect(values.channelId).toBe(FACE_TO_FACE.id);
    expect(values.date?.format('YYYY-MM-DD')).toBe('2026-11-25');
    expect(values.time?.format('HH:mm')).toBe('10:00');
    expect(values.duration).toBe(60);
    expect(values.allDay).toBe(false);
    expect(values.doctor).toBeNull();
  });

  it('has no channel when none is active', () => {
    expect(newActivityValues({}, [], NOW).channelId).toBeUndefined();
  });

  it("keeps the address's prefill: channel, slot, range length and doctor", () => {
    const values = newActivityValues(
      {
        channel: 'Call',
        date: '2026-12-01',
        time: '14:30',
        endTime: '16:00',
        doctorId: '0190a0c4-0000-7000-8000-000000000101',
        doctorName: 'Jean Martin',
      },
      CHANNELS,
      NOW,
    );
    expect(values.channelId).toBe(CALL.id);
    expect(values.time?.format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 14:30');
    expect(values.duration).toBe(90);
    expect(values.doctor).toEqual({ value: '0190a0c4-0000-7000-8000-000000000101', label: 'Jean Martin' });
  });

  it('keeps 60 minutes when the range is not an allowed duration, and ends an all-day range on its last day', () => {
    expect(newActivityValues({ date: '2026-12-01', time: '14:00', endTime: '14:50' }, CHANNELS, NOW).duration).toBe(60);
    const allDay = newActivityValues({ date: '2026-12-01', endDate: '2026-12-03', allDay: true }, CHANNELS, NOW);
    expect(allDay.allDay).toBe(true);
    expect(allDay.endDate?.isSame(dayjs('2026-12-02'), 'day')).toBe(true);
  });
});
