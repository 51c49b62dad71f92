import {
  ACTIVITY_PAGE_SIZE,
  activityStatus,
  type Activity,
  type ActivityListResult,
  type ActivityListStatus,
  type ActivityStats,
  type CalendarActivity,
  type Channel,
  type Doctor,
  type DoctorListItem,
  type PendingApprovalList,
  type Product,
} from '@crm/shared';
import { getSession } from '@/app/session';
import { isApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { getNetworkState, isEffectivelyOnline } from '@/offline/engine/network-monitor';
import {
  readApprovals,
  readReference,
  readSliceCursor,
  readStoredActivities,
  readStoredActivity,
  readStoredDoctor,
  readStoredDoctors,
  type StoredActivity,
} from '@/offline/store/slice-store';

/** Asked offline for a record the device does not hold: the page says it is not available offline. */
export class NotAvailableOfflineError extends Error {
  constructor(what: string) {
    super(`${what} is not available offline`);
    this.name = 'NotAvailableOfflineError';
  }
}

export function isNotAvailableOffline(error: unknown): error is NotAvailableOfflineError {
  return error instanceof NotAvailableOfflineError;
}

/** Both kinds pulled to the end at least once: the store answers for the whole window. */
export async function isSliceReady(owner: string): Promise<boolean> {
  const [activities, doctors] = await Promise.all([
    readSliceCursor(owner, 'activities'),
    readSliceCursor(owner, 'doctors'),
  ]);
  return activities?.complete === true && doctors?.complete === true;
}

/**
 * The query functions of the pages that work offline: offline (as the network monitor says), the store
 * answers; online, the server does, as before, and the store is read only when the call fails on the
 * network before the health check noticed (and only once a whole slice is stored, so a half-pulled store
 * never passes for the rep's data).
 */
export async function fromServerOrSlice<T>(
  fromServer: () => Promise<T>,
  fromSlice: (owner: string) => Promise<T>,
): Promise<T> {
  const owner = getSession().user?.id;
  if (owner === undefined) return fromServer();
  if (!isEffectivelyOnline(getNetworkState())) return fromSlice(owner);
  try {
    return await fromServer();
  } catch (error) {
    if (!(isApiError(error) && error.code === NETWORK_ERROR_CODE) || !(await isSliceReady(owner))) throw error;
    return fromSlice(owner);
  }
}

/** The status is derived from the start and done at the time of reading, as the server derives it. */
const withStatus = <T extends StoredActivity>(activity: T, now: Date): T => ({
  ...activity,
  status: activityStatus({ start: activity.start, done: activity.done, isTimeOff: activity.channel.isTimeOff }, now),
});

function inStatus(activity: StoredActivity, status: ActivityListStatus): boolean {
  if (status === 'waiting_approval') return activity.approvalStatus === 'waiting_approval';
  return activity.status === status;
}

/** Upcoming and waiting: soonest first; incomplete and done: latest first (the server's orders). */
function listOrder(status: ActivityListStatus) {
  const direction = status === 'upcoming' || status === 'waiting_approval' ? 1 : -1;
  return (a: StoredActivity, b: StoredActivity) => {
    const byStart = Date.parse(a.start) - Date.parse(b.start);
    if (byStart !== 0) return direction * byStart;
    return direction * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
}

/** GET /api/activities?status&page from the store: the same page of 50 over the stored window. */
export async function listFromSlice(
  owner: string,
  params: { status: ActivityListStatus; page: number },
  now: Date = new Date(),
): Promise<ActivityListResult> {
  const matching = (await readStoredActivities(owner))
    .map((activity) => withStatus(activity, now))
    .filter((activity) => inStatus(activity, params.status))
    .sort(listOrder(params.status));
  const offset = (params.page - 1) * ACTIVITY_PAGE_SIZE;
  return {
    activities: matching.slice(offset, offset + ACTIVITY_PAGE_SIZE),
    total: matching.length,
    needsPagination: matching.length > ACTIVITY_PAGE_SIZE,
    pages: Math.max(1, Math.ceil(matching.length / ACTIVITY_PAGE_SIZE)),
    currentPage: params.page,
  };
}

/**
 * GET /api/activities/stats from the store: the owner's activities of the window, and the managees' budget
 * requests the last pull found waiting for the owner.
 */
export async function statsFromSlice(owner: string, now: Date = new Date()): Promise<ActivityStats> {
  const stats: ActivityStats = {
    upcomingCount: 0,
    incompleteCount: 0,
    doneCount: 0,
    waitingApprovalCount: 0,
    needApprovalCount: (await readApprovals(owner)).length,
  };
  for (const stored of await readStoredActivities(owner)) {
    const activity = withStatus(stored, now);
    if (activity.status === 'upcoming') stats.upcomingCount += 1;
    else if (activity.status === 'incomplete') stats.incompleteCount += 1;
    else stats.doneCount += 1;
    if (activity.approvalStatus === 'waiting_approval') stats.waitingApprovalCount += 1;
  }
  return stats;
}

/** The calendar's range from the store: activities overlapping [start, end), in start order. */
export async function calendarFromSlice(
  owner: string,
  range: { start: Date; end: Date },
  now: Date = new Date(),
): Promise<CalendarActivity[]> {
  const start = range.start.getTime();
  const end = range.end.getTime();
  return (await readStoredActivities(owner))
    .filter((activity) => Date.parse(activity.start) < end && Date.parse(activity.end) > start)
    .map((activity) => withStatus(activity, now))
    .sort(listOrder('upcoming'));
}

/** An activity of the owner's, or a managee's waiting for the owner's decision (read only, as online). */
export async function detailFromSlice(owner: string, id: string, now: Date = new Date()): Promise<Activity> {
  const activity = await readStoredActivity(owner, id);
  if (activity !== null) return withStatus(activity, now);
  const request = (await readApprovals(owner)).find((approval) => approval.id === id);
  if (request === undefined) throw new NotAvailableOfflineError('activity');
  const { firstName: _firstName, lastName: _lastName, email: _email, ...managees } = request;
  return withStatus({ ...managees, owner }, now);
}

/** GET /api/activities/pending-approvals from the store, in the server's order (start). */
export async function approvalsFromSlice(owner: string): Promise<PendingApprovalList> {
  return { activities: await readApprovals(owner) };
}

export async function channelsFromSlice(owner: string): Promise<{ channels: Channel[] }> {
  const reference = await readReference(owner);
  if (reference === null) throw new NotAvailableOfflineError('channels');
  return { channels: reference.channels };
}

export async function productsFromSlice(owner: string): Promise<{ products: Product[] }> {
  const reference = await readReference(owner);
  if (reference === null) throw new NotAvailableOfflineError('products');
  return { products: reference.products };
}

/** Lower case without accents: 'Hélène' is found by 'helene'. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The doctor picker from the stored doctors: every word of the search starts a word of the doctor's name,
 * or the search starts the RPPS; the recent doctors first, then by name, at most `limit`.
 */
export async function searchDoctorsInSlice(owner: string, search: string, limit: number): Promise<DoctorListItem[]> {
  const words = folded(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const digits = search.replace(/\s+/g, '');
  return (await readStoredDoctors(owner))
    .filter((doctor) => {
      if (/^\d+$/.test(digits) && doctor.rpps.startsWith(digits)) return true;
      const nameWords = folded(`${doctor.firstName} ${doctor.lastName}`).split(/[\s'-]+/);
      return words.every((word) => nameWords.some((name) => name.startsWith(word)));
    })
    .sort(
      (a, b) =>
        Number(b.isRecent) - Number(a.isRecent) ||
        a.lastName.localeCompare(b.lastName, 'fr') ||
        a.firstName.localeCompare(b.firstName, 'fr'),
    )
    .slice(0, limit);
}

/** The doctor with their offices (the form's location), from the store. */
export async function doctorFromSlice(owner: string, id: string): Promise<Doctor> {
  const doctor = await readStoredDoctor(owner, id);
  if (doctor === null) throw new NotAvailableOfflineError('doctor');
  return doctor;
}
