import {
  CALENDAR_MEMORY_WINDOW_MONTHS,
  type Doctor,
  type SyncActivitiesResult,
  type SyncDoctorsResult,
  type SyncQuery,
  type SyncReference,
} from '@crm/shared';
import { requireSignedIn } from '#server/core/access.ts';
import type { Clock } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { toActivity } from '#server/modules/activities/activities.mapper.ts';
import type { ActivityExtrasRepository } from '#server/modules/activities/activity-extras.repository.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { ChannelsRepository } from '#server/modules/configuration/channels.repository.ts';
import type { ProductsRepository } from '#server/modules/configuration/products.repository.ts';
import { toChannel, toProduct } from '#server/modules/configuration/configuration.mapper.ts';
import { doctorFields, toDoctorOffice } from '#server/modules/doctors/doctors.mapper.ts';
import type { ActivityTombstonesRepository } from './activity-tombstones.repository.ts';
import { compareStamps, decodeCursor, encodeCursor, FIRST_ID, type SyncCursor } from './sync.mapper.ts';
import type { DoctorStampRow, SyncRepository, SyncWindow } from './sync.repository.ts';

type SyncServiceDeps = {
  db: Db;
  sync: SyncRepository;
  tombstones: ActivityTombstonesRepository;
  extras: ActivityExtrasRepository;
  channels: ChannelsRepository;
  products: ProductsRepository;
  clock: Clock;
};

/**
 * A change's time is read from the clock before its transaction commits, so a change may commit with a time a
 * little older than one a pull already answered. A pull's last page therefore sets the cursor this far before
 * now: the device gets the last moments' changes again (harmless, it stores by id) rather than miss one that
 * committed late.
 */
export const CURSOR_SETTLE_MS = 30_000;

const latest = (...times: (string | null)[]): string =>
  times.reduce<string>((max, time) => (time !== null && time > max ? time : max), '');

/** The calendar's window: CALENDAR_MEMORY_WINDOW_MONTHS each side of now. */
function calendarWindow(now: Date): SyncWindow {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - CALENDAR_MEMORY_WINDOW_MONTHS);
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + CALENDAR_MEMORY_WINDOW_MONTHS);
  return { start: start.toISOString(), end: end.toISOString() };
}

/**
 * The signed-in rep's offline slice, pulled by change since a cursor (decision 0020): their own activities in
 * the calendar's window, the doctors their activity form needs, channels and products. Every answer is the
 * caller's own: nothing here takes another user's id.
 */
export class SyncService {
  constructor(private readonly deps: SyncServiceDeps) {}

  /**
   * Activities and deletions after the cursor, merged in change order. `removedIds` holds the deleted ones and,
   * after a first pull, those whose change took them out of the window; a device applies them before the
   * activities.
   */
  async activities(auth: AuthContext, query: SyncQuery): Promise<SyncActivitiesResult> {
    requireSignedIn(auth);
    const since = decodeCursor(query.since);
    const now = this.deps.clock.now();
    const window = calendarWindow(now);
    const ownerId = auth.user.id;
    // A first pull (and its further pages) reads the window only; later pulls read every change, to find
    // those that left the window.
    const firstPullAt = since === null ? now.toISOString() : since.firstPullAt;
    const initial = firstPullAt !== undefined;
    const [rows, tombstones] = await Promise.all([
      this.deps.sync.activitiesAfter(this.deps.db, ownerId, since, initial ? window : null, query.limit + 1),
      initial ? Promise.resolve([]) : this.deps.tombstones.after(this.deps.db, ownerId, since, query.limit + 1),
    ]);
    const changes = [
      ...rows.map((row) => ({ at: row.updated_at, id: row.id, row })),
      ...tombstones.map((tombstone) => ({ at: tombstone.deleted_at, id: tombstone.id, row: null })),
    ].sort(compareStamps);
    const page = changes.slice(0, query.limit);
    const inWindow = page.flatMap(({ row }) =>
      row !== null && row.end_at > window.start && row.start_at < window.end ? [row] : [],
    );
    const kept = new Set(inWindow.map((row) => row.id));
    const extras = await this.deps.extras.forActivities(
      this.deps.db,
      inWindow.map((row) => row.id),
    );
    const hasMore = changes.length > query.limit;
    return {
      activities: inWindow.map((row) => toActivity(row, extras, now)),
      removedIds: page.filter((change) => !kept.has(change.id)).map((change) => change.id),
      ...this.nextPage(page.at(-1), hasMore, firstPullAt ?? now.toISOString(), firstPullAt),
    };
  }

  /**
   * The doctors the rep needs whose row, offices or place in the rep's slice changed after the cursor, and the
   * doctors deleted since. A rep's set is small (a few thousand at most), so it is stamped whole and paged here;
   * the last page names the whole set, for the device to drop what left it.
   */
  async doctors(auth: AuthContext, query: SyncQuery): Promise<SyncDoctorsResult> {
    requireSignedIn(auth);
    const since = decodeCursor(query.since);
    const now = this.deps.clock.now();
    const [needed, deleted] = await Promise.all([
      this.deps.sync.doctorStamps(this.deps.db, auth.user.id, calendarWindow(now)),
      since ? this.deps.sync.doctorTombstonesAfter(this.deps.db, since, query.limit + 1) : Promise.resolve([]),
    ]);
    const changes = [
      ...needed
        .map((row: DoctorStampRow) => ({
          at: latest(row.updated_at, row.needed_at, row.offices_at),
          id: row.id,
          deleted: false,
        }))
        .filter((stamp) => since === null || compareStamps(stamp, since) > 0),
      ...deleted.map((tombstone) => ({ at: tombstone.deleted_at, id: tombstone.id, deleted: true })),
    ].sort(compareStamps);
    const page = changes.slice(0, query.limit);
    const ids = page.flatMap((change) => (change.deleted ? [] : [change.id]));
    const [rows, offices] = await Promise.all([
      this.deps.sync.doctors(this.deps.db, ids, auth.user.id),
      this.deps.sync.offices(this.deps.db, ids),
    ]);
    const officesOf = new Map<string, typeof offices>();
    for (const office of offices) officesOf.set(office.doctor_id, [...(officesOf.get(office.doctor_id) ?? []), office]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const doctors = ids.flatMap((id): Doctor[] => {
      const row = byId.get(id);
      if (!row) return [];
      const list = (officesOf.get(id) ?? []).map(toDoctorOffice);
      return [
        Object.assign(doctorFields(row), {
          target: row.target,
          potential_target: row.potential_target,
          offices: list,
          primaryOffice: list.find((office) => office.is_primary) ?? null,
          isRecent: row.viewed_at !== null,
        }),
      ];
    });
    const hasMore = changes.length > query.limit;
    return {
      doctors,
      removedIds: page.flatMap((change) => (change.deleted ? [change.id] : [])),
      // The set is read whole for every page anyway; its ids let the device drop the doctors it no longer needs.
      ...(hasMore ? {} : { neededIds: needed.map((row) => row.id) }),
      ...this.nextPage(page.at(-1), hasMore, now.toISOString()),
    };
  }

  /** The active channels in their order and the caller's products: what the activity form offers. */
  async reference(auth: AuthContext): Promise<SyncReference> {
    requireSignedIn(auth);
    const [channels, products] = await Promise.all([
      this.deps.channels.listActive(this.deps.db),
      this.deps.products.listAssigned(this.deps.db, auth.user.id),
    ]);
    return { channels: channels.map(toChannel), products: products.map(toProduct) };
  }

  /**
   * The cursor after this page: its last change while more follow; after the last page, every change up to
   * `from` (now, or when a first pull began) has been answered, so the cursor is then, held back a little.
   * Only a first pull's pages carry `firstPullAt`.
   */
  private nextPage(last: SyncCursor | undefined, hasMore: boolean, from: string, firstPullAt?: string) {
    if (hasMore && last) {
      return { nextCursor: encodeCursor({ at: last.at, id: last.id, ...(firstPullAt && { firstPullAt }) }), hasMore };
    }
    const settled = new Date(Date.parse(from) - CURSOR_SETTLE_MS).toISOString();
    return { nextCursor: encodeCursor({ at: settled, id: FIRST_ID }), hasMore: false };
  }
}
