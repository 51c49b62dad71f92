import type { Activity, ActivityListResult, Channel, PendingApproval, Product } from '@crm/shared';
import { REP_USER } from '@/test/tokens';

/** Activity test data shaped like the API's answers (the seeded channels, the demo products). */

function channel(id: string, name: string, color: string, overrides: Partial<Channel> = {}): Channel {
  return {
    id: `0190a0c4-0000-7000-8000-00000000c00${id}`,
    name,
    description: null,
    color,
    active: true,
    isTimeOff: false,
    needsBudgetApproval: false,
    ...overrides,
  };
}

export const FACE_TO_FACE = channel('1', 'Face to face', '#52c41a');
export const CALL = channel('3', 'Call', '#1890ff');
export const EVENT = channel('5', 'Event', '#fa8c16', { needsBudgetApproval: true });
export const TIME_OFF = channel('6', 'Time-off', '#8c8c8c', { isTimeOff: true });
export const CHANNELS: Channel[] = [FACE_TO_FACE, CALL, EVENT, TIME_OFF];

export const PRODUCTS: Product[] = [
  { id: '0190a0c4-0000-7000-8000-00000000d001', name: 'Cardiolix', description: null, active: true },
  { id: '0190a0c4-0000-7000-8000-00000000d002', name: 'Neurovia', description: null, active: true },
];

export function activity(overrides: Partial<Activity> = {}, onChannel: Channel = FACE_TO_FACE): Activity {
  return {
    id: '0190a0c4-0000-7000-8000-00000000a001',
    title: 'Visite Dr Martin',
    start: '2026-11-25T13:00:00.000Z',
    end: '2026-11-25T14:00:00.000Z',
    allDay: false,
    type: onChannel.name,
    channelId: onChannel.id,
    channel: {
      id: onChannel.id,
      name: onChannel.name,
      color: onChannel.color,
      isTimeOff: onChannel.isTimeOff,
      needsBudgetApproval: onChannel.needsBudgetApproval,
    },
    duration: 60,
    description: null,
    location: null,
    address: null,
    postal_code: null,
    city: null,
    officePhone: null,
    officeEmail: null,
    officeId: null,
    doctorId: null,
    doctorName: null,
    attendees: [],
    productIds: [],
    precallObjectives: null,
    callNotes: null,
    nextCallObjectives: null,
    budgetEstimate: null,
    approvalStatus: 'none',
    approvedBy: null,
    approvedAt: null,
    approvalNotes: null,
    needsApproval: onChannel.needsBudgetApproval,
    acknowledgeRules: true,
    done: false,
    doneAt: null,
    status: 'upcoming',
    ownerId: REP_USER.id,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

export function pendingApproval(overrides: Partial<PendingApproval> = {}): PendingApproval {
  return {
    ...activity(
      {
        title: 'Congrès de cardiologie',
        budgetEstimate: 1250.5,
        approvalStatus: 'waiting_approval',
        needsApproval: true,
      },
      EVENT,
    ),
    firstName: 'Julien',
    lastName: 'Lefèvre',
    email: 'rep@demo-crm.fr',
    ...overrides,
  };
}

export function listResult(activities: Activity[], overrides: Partial<ActivityListResult> = {}): ActivityListResult {
  return { activities, total: activities.length, needsPagination: false, pages: 1, currentPage: 1, ...overrides };
}
