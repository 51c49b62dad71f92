import type { Cycle } from '@crm/shared';
import { CALL, FACE_TO_FACE } from '@/modules/activities/test/fixtures';
import { CYCLE, DOCTOR_ID, OTHER_DOCTOR_ID } from '@/modules/cycles/test/plans';
import type { SlicePlan } from '@/offline/store/plan-store';

/** The test cycle (T4 2026) counting the activity fixtures' channels: a visit weighs three calls. */
export const SLICE_CYCLE: Cycle = {
  ...CYCLE,
  channels: [
    { channelId: FACE_TO_FACE.id, name: FACE_TO_FACE.name, color: FACE_TO_FACE.color, weight: 3 },
    { channelId: CALL.id, name: CALL.name, color: CALL.color, weight: 1 },
  ],
};

/**
 * A plan as GET /api/sync/plans answers it: Claire Durand (3 visits) and Jean Martin (4 visits capped at 5, 2
 * calls), in the server's name order; no older activities to add (the device's window covers the cycle).
 */
export function slicePlan(overrides: Partial<SlicePlan> = {}): SlicePlan {
  return {
    cycle: SLICE_CYCLE,
    targets: [
      {
        doctorId: OTHER_DOCTOR_ID,
        doctorName: 'Claire Durand',
        goals: [{ channelId: FACE_TO_FACE.id, goal: 3, cap: null }],
      },
      {
        doctorId: DOCTOR_ID,
        doctorName: 'Jean Martin',
        goals: [
          { channelId: FACE_TO_FACE.id, goal: 4, cap: 5 },
          { channelId: CALL.id, goal: 2, cap: null },
        ],
      },
    ],
    before: { until: '2026-05-25T12:00:00.000Z', tallies: [] },
    ...overrides,
  };
}
