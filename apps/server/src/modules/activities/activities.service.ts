import {
  Activity,
  type ActivityInput,
  type ActivityListQuery,
  type ActivityListResult,
  type CalendarActivityListResult,
  type ActivityStats,
  type ActivityUpdate,
  type ApprovalStatus,
  activityFormLocks,
  activityRuleErrors,
  CALENDAR_MAX_RANGE_DAYS,
  type Channel,
  initialApprovalStatus,
  markDoneRefusal,
  type PendingApproval,
  pagesFor,
} from '@crm/shared';
import { requireSignedIn } from '#server/core/access.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import { AppError, validationError } from '#server/core/app-error.ts';
import type { Clock } from '#server/core/clock.ts';
import { type IdempotentRequest, idempotentTransaction } from '#server/core/idempotent-transaction.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { ChannelsRepository } from '#server/modules/configuration/channels.repository.ts';
import type { ProductsRepository } from '#server/modules/configuration/products.repository.ts';
import { toChannel } from '#server/modules/configuration/configuration.mapper.ts';
import type { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import type { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import { auditUser, changedFields } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { ActivityTombstonesRepository } from '#server/modules/sync/activity-tombstones.repository.ts';
import { toActivity, toActivityStats, toCalendarActivity, toPendingApproval } from './activities.mapper.ts';
import type {
  ActivitiesRepository,
  ActivityListFilter,
  ActivityListOrder,
  ActivityRow,
} from './activities.repository.ts';
import { listScope, requireApprover, requireOwner, requireReader } from './activity-access.ts';
import { type Draft, draftColumns, mergedDraft, newActivityRow, spanErrors, toCents } from './activity-drafts.ts';
import type { ActivityExtrasRepository } from './activity-extras.repository.ts';
import type { ActivityStatsRepository } from './activity-stats.repository.ts';

type ActivitiesServiceDeps = {
  db: Db;
  activities: ActivitiesRepository;
  extras: ActivityExtrasRepository;
  stats: ActivityStatsRepository;
  channels: ChannelsRepository;
  products: ProductsRepository;
  doctors: DoctorsRepository;
  keys: IdempotencyKeysRepository;
  tombstones: ActivityTombstonesRepository;
  logs: LogsRepository;
  clock: Clock;
};

const DAY_MS = 86_400_000;

/** An activity as the audit log keeps it: what a user can change, without what is derived from it. */
function auditFields(activity: Activity) {
  const { channel: _channel, status: _status, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = activity;
  return fields;
}

const auditMetadata = (activity: { title: string | null; doctorName: string | null }) => ({
  title: activity.title,
  doctorName: activity.doctorName,
});

/**
 * Upcoming and waiting lists, and a range without a status, read forward in time; without status or range
 * (a doctor's timeline) upcoming first, then the past; the others newest first.
 */
function listOrder(query: ActivityListQuery, range: ActivityListFilter['range']): ActivityListOrder {
  if (query.status === undefined) return range === undefined ? 'timeline' : 'asc';
  return query.status === 'upcoming' || query.status === 'waiting_approval' ? 'asc' : 'desc';
}

export class ActivitiesService {
  constructor(private readonly deps: ActivitiesServiceDeps) {}

  async list(auth: AuthContext, query: ActivityListQuery): Promise<ActivityListResult | CalendarActivityListResult> {
    requireSignedIn(auth);
    const now = this.deps.clock.now();
    const range = this.listRange(query);
    const filter: ActivityListFilter = {
      scope: listScope(auth, query.doctorId),
      status: query.status,
      range,
      now: now.toISOString(),
    };
    const { activities } = this.deps;
    if (query.calendarView) {
      const rows = await activities.calendar(this.deps.db, filter);
      const list = rows.map((row) => toCalendarActivity(row, now));
      return { activities: list, total: list.length, needsPagination: false, pages: 1, currentPage: 1 };
    }
    const [rows, total] = await Promise.all([
      activities.page(this.deps.db, filter, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        order: listOrder(query, range),
      }),
      activities.count(this.deps.db, filter),
    ]);
    return {
      activities: await this.toActivities(this.deps.db, rows, now),
      total,
      needsPagination: total > query.limit,
      pages: pagesFor(total, query.limit),
      currentPage: query.page,
    };
  }

  async get(auth: AuthContext, id: string): Promise<Activity> {
    const row = await this.requireReadable(this.deps.db, auth, id);
    return this.detailOf(this.deps.db, row, this.deps.clock.now());
  }

  async stats(auth: AuthContext): Promise<ActivityStats> {
    requireSignedIn(auth);
    return toActivityStats(
      await this.deps.stats.stats(this.deps.db, auth.user.id, this.deps.clock.now().toISOString()),
    );
  }

  /** The caller's managees' activities waiting for a budget decision, in start order. */
  async pendingApprovals(auth: AuthContext): Promise<PendingApproval[]> {
    requireSignedIn(auth);
    const now = this.deps.clock.now();
    const rows = await this.deps.activities.pendingFor(this.deps.db, auth.user.id);
    const extras = await this.deps.extras.forActivities(
      this.deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toPendingApproval(row, extras, now));
  }

  /** Owned by its creator. A client-made id is kept; retrying its creation with an Idempotency-Key answers it again. */
  async create(auth: AuthContext, input: ActivityInput, idempotency: IdempotentRequest | null): Promise<Activity> {
    requireSignedIn(auth);
    const now = this.deps.clock.now();
    return this.idempotent(idempotency, 201, async (trx) => {
      const id = input.id ?? newId();
      if (input.id !== undefined) {
        const existing = await this.deps.activities.findById(trx, input.id);
        // The same creation sent again under another key (an offline queue replaying): answer what exists.
        if (existing?.owner_id === auth.user.id && idempotency) return this.detailOf(trx, existing, now);
        if (existing) {
          throw new AppError(
            'CONFLICT',
            {},
            { messageKey: 'activities.idTaken', fields: { id: 'activities.idTaken' } },
          );
        }
      }
      const { id: _id, ...draft } = input;
      const channel = await this.validDraft(trx, auth, draft, null);
      await this.deps.activities.insert(
        trx,
        newActivityRow(draft, {
          id,
          ownerId: auth.user.id,
          approvalStatus: initialApprovalStatus(channel.needsBudgetApproval, draft.budgetEstimate ?? null),
          now: now.toISOString(),
        }),
      );
      await this.deps.extras.replaceProducts(trx, id, draft.productIds);
      await this.deps.extras.replaceAttendees(trx, id, draft.attendees);
      const created = await this.detail(trx, id, now);
      await this.deps.logs.record(trx, {
        action: 'create',
        entityType: 'activity',
        entityId: id,
        metadata: auditMetadata(created),
        changes: { previous: null, new: auditFields(created) },
        user: auditUser(auth),
      });
      return created;
    });
  }

  /**
   * The owner changes some fields, or marks it done with {done: true}. A done activity is locked; an approved
   * budget is locked, and so is the channel when that budget is above 0.
   */
  async update(
    auth: AuthContext,
    id: string,
    patch: ActivityUpdate,
    idempotency: IdempotentRequest | null,
  ): Promise<Activity> {
    requireSignedIn(auth);
    const now = this.deps.clock.now();
    return this.idempotent(idempotency, 200, async (trx) => {
      const row = await this.requireOwned(trx, auth, id);
      if (row.done === 1) throw new AppError('ACTIVITY_LOCKED');
      const before = await this.detailOf(trx, row, now);
      const { done, ...fields } = patch;
      const draft = mergedDraft(before, fields);
      const changesFields = Object.keys(fields).length > 0;
      const channel = changesFields
        ? await this.validDraft(trx, auth, draft, before)
        : await this.requireChannel(trx, row.channel_id);

      // An edit keeps the approval status, but for one case: an activity that never needed approval and is
      // now on a budget-approval channel with a budget starts waiting, or it could never be marked done.
      let approvalStatus = before.approvalStatus;
      if (approvalStatus === 'none') {
        approvalStatus = initialApprovalStatus(channel.needsBudgetApproval, draft.budgetEstimate ?? null);
      }
      if (done === true && markDoneRefusal({ done: false, approvalStatus }, channel) === 'approvalRequired') {
        throw new AppError('APPROVAL_REQUIRED');
      }

      const nowIso = now.toISOString();
      await this.deps.activities.update(trx, id, {
        ...(changesFields && draftColumns(draft)),
        approval_status: approvalStatus,
        ...(done === true && { done: 1, done_at: nowIso }),
        updated_at: nowIso,
      });
      if (fields.productIds !== undefined) await this.deps.extras.replaceProducts(trx, id, draft.productIds);
      if (fields.attendees !== undefined) await this.deps.extras.replaceAttendees(trx, id, draft.attendees);
      const after = await this.detail(trx, id, now);
      await this.deps.logs.record(trx, {
        action: done === true ? 'done' : 'update',
        entityType: 'activity',
        entityId: id,
        metadata: auditMetadata(after),
        changes: changedFields(auditFields(before), auditFields(after)),
        user: auditUser(auth),
      });
      return after;
    });
  }

  async delete(auth: AuthContext, id: string, idempotency: IdempotentRequest | null): Promise<void> {
    requireSignedIn(auth);
    const now = this.deps.clock.now();
    await this.idempotent<null>(idempotency, 204, async (trx) => {
      const row = await this.requireOwned(trx, auth, id);
      if (row.done === 1) throw new AppError('ACTIVITY_LOCKED');
      const before = await this.detailOf(trx, row, now);
      await this.deps.activities.delete(trx, id);
      // Devices that keep this activity offline learn of the deletion from it (decision 0020).
      await this.deps.tombstones.record(trx, { id, owner_id: row.owner_id, deleted_at: now.toISOString() });
      await this.deps.logs.record(trx, {
        action: 'delete',
        entityType: 'activity',
        entityId: id,
        metadata: auditMetadata(before),
        changes: { previous: auditFields(before), new: null },
        user: auditUser(auth),
      });
      return null;
    });
  }

  async approve(auth: AuthContext, id: string, idempotency: IdempotentRequest | null): Promise<Activity> {
    requireSignedIn(auth);
    return this.decide(auth, id, idempotency, 'approved', null);
  }

  /**
   * Records who rejected and when, and only what the manager typed: the spec's reason is shown by the reader's
   * interface in the reader's language.
   */
  async reject(
    auth: AuthContext,
    id: string,
    notes: string | null,
    idempotency: IdempotentRequest | null,
  ): Promise<Activity> {
    requireSignedIn(auth);
    return this.decide(auth, id, idempotency, 'rejected', notes);
  }

  /** Only the owner's manager decides, and only on a waiting activity. */
  private async decide(
    auth: AuthContext,
    id: string,
    idempotency: IdempotentRequest | null,
    decision: Extract<ApprovalStatus, 'approved' | 'rejected'>,
    notes: string | null,
  ): Promise<Activity> {
    const now = this.deps.clock.now();
    return this.idempotent(idempotency, 200, async (trx) => {
      const row = await this.requireReadable(trx, auth, id);
      requireApprover(auth, row);
      if (row.approval_status !== 'waiting_approval') {
        throw new AppError('CONFLICT', {}, { messageKey: 'activities.notWaiting' });
      }
      const before = await this.detailOf(trx, row, now);
      const nowIso = now.toISOString();
      await this.deps.activities.update(trx, id, {
        approval_status: decision,
        approved_by: auth.user.id,
        approved_at: nowIso,
        ...(decision === 'rejected' && { approval_notes: notes }),
        updated_at: nowIso,
      });
      const after = await this.detail(trx, id, now);
      await this.deps.logs.record(trx, {
        action: decision === 'approved' ? 'approve' : 'reject',
        entityType: 'activity',
        entityId: id,
        metadata: auditMetadata(after),
        changes: changedFields(auditFields(before), auditFields(after)),
        user: auditUser(auth),
      });
      return after;
    });
  }

  private idempotent<T extends Activity | null>(
    idempotency: IdempotentRequest | null,
    statusCode: number,
    work: (trx: Db) => Promise<T>,
  ): Promise<T> {
    return idempotentTransaction<T>(
      { db: this.deps.db, keys: this.deps.keys, clock: this.deps.clock },
      idempotency,
      { statusCode, replayAs: (body) => (body === null ? null : Activity.parse(body)) as T },
      work,
    );
  }

  /**
   * The rules of spec 001 §5 that need the database (channel, the user's products, the doctor) and the
   * approval locks; throws one validation error naming every field at fault. Fills doctorName from the doctor.
   */
  private async validDraft(trx: Db, auth: AuthContext, draft: Draft, before: Activity | null): Promise<Channel> {
    const channelChanged = before === null || draft.channelId !== before.channelId;
    const found = await this.deps.channels.findById(trx, draft.channelId);
    // A new activity or a channel change needs an active channel; an existing one keeps a since-disabled one.
    const channel = found && (found.active === 1 || !channelChanged) ? toChannel(found) : null;
    const assigned = new Set((await this.deps.products.listAssigned(trx, auth.user.id)).map((product) => product.id));
    const errors = activityRuleErrors(draft, { channel, userHasProducts: assigned.size > 0 });
    if (!channel) errors.channelId = 'activities.channelUnknown';
    // Products already on the activity stay even if unassigned since; new ones must be the user's.
    const previous = new Set(before?.productIds ?? []);
    if (draft.productIds.some((productId) => !previous.has(productId) && !assigned.has(productId))) {
      errors[draft.productId === undefined ? 'productIds' : 'productId'] = 'activities.productNotAssigned';
    }
    // Attendees too may name a doctor created offline that became an alias; two names of one doctor count once.
    const attendees = await Promise.all(
      draft.attendees.map(async (attendee) => ({
        ...attendee,
        id: await this.deps.doctors.canonicalId(trx, attendee.id),
      })),
    );
    draft.attendees = attendees.filter(
      (attendee, index) => attendees.findIndex(({ id }) => id === attendee.id) === index,
    );
    if (draft.doctorId && draft.doctorId !== before?.doctorId) {
      // A doctor created offline may have become an alias of the doctor that had its RPPS (decision 0020).
      draft.doctorId = await this.deps.doctors.canonicalId(trx, draft.doctorId);
      const doctor = await this.deps.doctors.findById(trx, draft.doctorId);
      if (!doctor) errors.doctorId = 'activities.doctorNotFound';
      else draft.doctorName ??= `${doctor.first_name} ${doctor.last_name}`;
    }
    Object.assign(errors, spanErrors(draft));
    if (before) {
      const locks = activityFormLocks(before);
      if (locks.budgetLocked && toCents(draft.budgetEstimate) !== toCents(before.budgetEstimate)) {
        errors.budgetEstimate = 'activities.budgetLocked';
      }
      if (locks.channelLocked && channelChanged) errors.channelId = 'activities.channelLocked';
    }
    if (Object.keys(errors).length > 0 || !channel) throw validationError(errors);
    return channel;
  }

  private async requireChannel(db: Db, id: string): Promise<Channel> {
    const channel = await this.deps.channels.findById(db, id);
    if (!channel) throw new AppError('NOT_FOUND');
    return toChannel(channel);
  }

  private listRange(query: ActivityListQuery): ActivityListFilter['range'] {
    const { startDate, endDate } = query;
    if (startDate === undefined && endDate === undefined) {
      if (query.calendarView)
        throw validationError({ startDate: 'validation.required', endDate: 'validation.required' });
      return undefined;
    }
    if (startDate === undefined) throw validationError({ startDate: 'validation.required' });
    if (endDate === undefined) throw validationError({ endDate: 'validation.required' });
    const span = Date.parse(endDate) - Date.parse(startDate);
    if (span <= 0) throw validationError({ endDate: 'activities.endBeforeStart' });
    // The calendar's fetch is unpaged: its range is bounded instead.
    if (query.calendarView && span > CALENDAR_MAX_RANGE_DAYS * DAY_MS) {
      throw validationError({ endDate: 'activities.rangeTooWide' });
    }
    return { start: startDate, end: endDate };
  }

  private async requireReadable(db: Db, auth: AuthContext, id: string): Promise<ActivityRow> {
    return requireReader(auth, await this.deps.activities.findById(db, id));
  }

  private async requireOwned(db: Db, auth: AuthContext, id: string): Promise<ActivityRow> {
    return requireOwner(auth, await this.deps.activities.findById(db, id));
  }

  private async detail(db: Db, id: string, now: Date): Promise<Activity> {
    const row = await this.deps.activities.findById(db, id);
    if (!row) throw new AppError('NOT_FOUND', {}, { messageKey: 'activities.notFound' });
    return this.detailOf(db, row, now);
  }

  private async detailOf(db: Db, row: ActivityRow, now: Date): Promise<Activity> {
    return toActivity(row, await this.deps.extras.forActivities(db, [row.id]), now);
  }

  private async toActivities(db: Db, rows: ActivityRow[], now: Date): Promise<Activity[]> {
    const extras = await this.deps.extras.forActivities(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toActivity(row, extras, now));
  }
}
