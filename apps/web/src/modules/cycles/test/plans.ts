import type { Channel, Cycle, CycleSummary, PlanView, TargetCounts, TeamResult } from '@crm/shared';

export const CYCLE_ID = '0190a0c4-0000-7000-8000-00000000c001';
export const VISIT_CHANNEL = '0190a0c4-0000-7000-8000-00000000a001';
export const CALL_CHANNEL = '0190a0c4-0000-7000-8000-00000000a002';
export const DOCTOR_ID = '0190a0c4-0000-7000-8000-000000000101';
export const OTHER_DOCTOR_ID = '0190a0c4-0000-7000-8000-000000000102';
export const MANAGEE_ID = '0190a0c4-7a6b-7c1e-9f00-000000000004';

export const CYCLE: Cycle = {
  id: CYCLE_ID,
  name: 'T4 2026',
  startDate: '2026-10-01',
  endDate: '2026-12-31',
  gracePeriodDays: 30,
  overThresholdPercent: 10,
  underThresholdPercent: 10,
  repsMayEditGoals: false,
  channels: [
    { channelId: VISIT_CHANNEL, name: 'Face to face', color: '#52c41a', weight: 3 },
    { channelId: CALL_CHANNEL, name: 'Call', color: '#1890ff', weight: 1 },
  ],
  status: 'in_progress',
  createdAt: '2026-09-01T08:00:00.000Z',
  updatedAt: '2026-09-01T08:00:00.000Z',
};

const counts = (channelId: string, goal: number, actual: number, scheduled: number) => ({
  channelId,
  goal,
  cap: null,
  actual,
  credited: actual,
  scheduled,
  remaining: Math.max(goal - actual, 0),
  toSchedule: Math.max(goal - actual - scheduled, 0),
  expected: goal / 2,
});

export const MARTIN: TargetCounts = {
  doctorId: DOCTOR_ID,
  doctorName: 'Jean Martin',
  channels: [counts(VISIT_CHANNEL, 4, 2, 1), counts(CALL_CHANNEL, 2, 1, 0)],
  attainment: 50,
  pace: 'on_track',
};
export const DURAND: TargetCounts = {
  doctorId: OTHER_DOCTOR_ID,
  doctorName: 'Claire Durand',
  channels: [counts(VISIT_CHANNEL, 4, 0, 0)],
  attainment: 0,
  pace: 'behind',
};

export function planView(overrides: Partial<PlanView> = {}): PlanView {
  return {
    cycle: CYCLE,
    user: { id: '0190a0c4-7a6b-7c1e-9f00-000000000003', name: 'Julien Lefèvre' },
    canEditGoals: false,
    elapsedShare: 0.5,
    expectedAttainment: 50,
    attainment: 36,
    pace: 'behind',
    totals: [
      { ...counts(VISIT_CHANNEL, 8, 2, 1), weight: 3 },
      { ...counts(CALL_CHANNEL, 2, 1, 0), weight: 1 },
    ].map(({ cap: _cap, ...total }) => total),
    targets: [DURAND, MARTIN],
    computedAt: '2026-11-15T10:00:00.000Z',
    ...overrides,
  };
}

export function team(overrides: Partial<TeamResult> = {}): TeamResult {
  return {
    cycle: CYCLE,
    elapsedShare: 0.5,
    expectedAttainment: 50,
    members: [
      {
        userId: MANAGEE_ID,
        name: 'Sophie Bernard',
        hasPlan: true,
        targets: 2,
        attainment: 36,
        pace: 'behind',
        totals: [],
        behindCount: 12,
        behind: [DURAND],
      },
      {
        userId: '0190a0c4-7a6b-7c1e-9f00-000000000005',
        name: 'Paul Petit',
        hasPlan: false,
        targets: 0,
        attainment: null,
        pace: 'on_track',
        totals: [],
        behindCount: 0,
        behind: [],
      },
    ],
    computedAt: '2026-11-15T10:00:00.000Z',
    ...overrides,
  };
}

/** A cycle as GET /api/cycles lists it (the administrators' screen). */
export function cycleSummary(overrides: Partial<CycleSummary> = {}): CycleSummary {
  return { ...CYCLE, plans: 2, ...overrides };
}

/** The configured channels the cycle form offers (GET /api/configuration/channels). */
export const CONFIGURED_CHANNELS: Channel[] = [
  {
    id: VISIT_CHANNEL,
    name: 'Face to face',
    description: null,
    color: '#52c41a',
    active: true,
    isTimeOff: false,
    needsBudgetApproval: false,
  },
  {
    id: CALL_CHANNEL,
    name: 'Call',
    description: null,
    color: '#1890ff',
    active: true,
    isTimeOff: false,
    needsBudgetApproval: false,
  },
  {
    id: '0190a0c4-0000-7000-8000-00000000a009',
    name: 'Time off',
    description: null,
    color: '#999999',
    active: true,
    isTimeOff: true,
    needsBudgetApproval: false,
  },
];
