import {
  Activity,
  type ActivityInput,
  type ActivityListQuery,
  type ActivityListResult,
  type CalendarActivityListResult,
  type ActivityStats,
  type ActivityUpdate,
  type ApprovalStatus,
  activityEnd,
  activityFormLocks,
  activityRuleErrors,
  CALENDAR_MAX_RANGE_DAYS,
  type Channel,
  DEFAULT_ACTIVITY_DURATION,
  eurosToCents,
  initialApprovalStatus,
  MAX_ACTIVITY_SPAN_DAYS,
  markDoneRefusal,
  type PendingApproval,
  pagesFor,
  REJECTION_REASON,
} from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { ActivitiesTable } from '#server/db/schema.ts';
import { AppError, validationError } from '#server/http/errors.ts';
import { type IdempotentRequest, idempotentTransaction } from '#server/http/idempotency.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { ChannelsRepository } from '#server/modules/configuration/channels.repository.ts';
import type { ProductsRepository } from '#server/modules/configuration/products.repository.ts';
import type { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import type { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import {
  type ActivitiesRepository,
  type ActivityListFilter,
  type ActivityRow,
  toActivity,
  toCalendarActivity,
  toPendingApproval,
} from './activities.repository.ts';

type ActivitiesServiceDeps = {
  db: Db;
  activities: ActivitiesRepository;
  channels: ChannelsRepository;
  products: ProductsRepository;
  doctors: DoctorsRepository;
  keys: IdempotencyKeysRepository;
  logs: LogsRepository;
};

/** The fields a user writes, as they stand after a create or an edit. */
type Draft = Omit<ActivityInput, 'id'>;

const DAY_MS = 86_400_000;

const auditUser = (auth: AuthContext) => ({ id: auth.user.id, email: auth.user.email });

/** An activity as the audit log keeps it: what a user can change, without what is derived from it. */
function auditFields(activity: Activity) {
  const { channel: _channel, status: _status, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = activity;
  return fields;
}

/** Per-field before and after of the fields that changed (arrays compared by value). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { before: before[key], after: after[key] };
    }
  }
  return changes;
}

const auditMetadata = (activity: { title: string | null; doctorName: string | null }) => ({
  title: activity.title,
  doctorName: activity.doctorName,
});

function draftOf(activity: Activity): Draft {
  return {
    channelId: activity.channelId,
    title: activity.title,
    start: activity.start,
    end: activity.allDay ? activity.end : null,
    allDay: activity.allDay,
    duration: activity.duration,
    description: activity.description,
    location: activity.location,
    address: activity.address,
    postal_code: activity.postal_code,
    city: activity.city,
    officePhone: activity.officePhone,
    officeEmail: activity.officeEmail,
    officeId: activity.officeId,
    doctorId: activity.doctorId,
    doctorName: activity.doctorName,
    attendees: activity.attendees,
    productIds: activity.productIds,
    precallObjectives: activity.precallObjectives,
    callNotes: activity.callNotes,
    nextCallObjectives: activity.nextCallObjectives,
    budgetEstimate: activity.budgetEstimate,
    acknowledgeRules: activity.acknowledgeRules,
  };
}

const toCents = (euros: number | null | undefined): number | null =>
  euros === null || euros === undefined ? null : eurosToCents(euros);

/** The columns a draft writes (end_at computed, budget in cents). */
function draftColumns(draft: Draft) {
  const duration = draft.duration ?? (draft.allDay ? null : DEFAULT_ACTIVITY_DURATION);
  return {
    channel_id: draft.channelId,
    title: draft.title,
    start_at: draft.start,
    end_at: activityEnd({ start: draft.start, end: draft.end, allDay: draft.allDay, duration }),
    all_day: draft.allDay ? 1 : 0,
    duration,
    description: draft.description,
    location: draft.location,
    address: draft.address,
    postal_code: draft.postal_code,
    city: draft.city,
    office_phone: draft.officePhone,
    office_email: draft.officeEmail,
    office_id: draft.officeId ?? null,
    doctor_id: draft.doctorId ?? null,
    doctor_name: draft.doctorName,
    precall_objectives: draft.precallObjectives,
    call_notes: draft.callNotes,
    next_call_objectives: draft.nextCallObjectives,
    budget_cents: toCents(draft.budgetEstimate),
    acknowledge_rules: draft.acknowledgeRules ? 1 : 0,
  } satisfies Partial<ActivitiesTable>;
}

/** An all-day activity ends after its start and lasts at most MAX_ACTIVITY_SPAN_DAYS (the calendar's scan relies on it). */
function spanErrors(draft: Draft): Record<string, string> {
  if (!draft.allDay || !draft.end) return {};
  const span = Date.parse(draft.end) - Date.parse(draft.start);
  if (span <= 0) return { end: 'activities.endBeforeStart' };
  if (span > MAX_ACTIVITY_SPAN_DAYS * DAY_MS) return { end: 'activities.spanTooLong' };
  return {};
}

export class ActivitiesService {
  constructor(private readonly deps: ActivitiesServiceDeps) {}

  async list(auth: AuthContext, query: ActivityListQuery): Promise<ActivityListResult | CalendarActivityListResult> {
    const now = new Date();
    const range = this.listRange(query);
    const filter: ActivityListFilter = {
      scope:
        query.doctorId === undefined
          ? { kind: 'own', userId: auth.user.id }
          : { kind: 'doctor', doctorId: query.doctorId, userId: auth.user.id, isAdmin: auth.user.isAdmin },
      status: query.status,
      range,
      now: now.toISOString(),
    };
    const { activities } = this.deps;
    if (query.calendarView) {
      const rows = await activities.calendar(filter);
      const list = rows.map((row) => toCalendarActivity(row, now));
      return { activities: list, total: list.length, needsPagination: false, pages: 1, currentPage: 1 };
    }
    const [rows, total] = await Promise.all([
      activities.page(filter, (query.page - 1) * query.limit, query.limit),
      activities.count(filter),
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
    return this.detailOf(this.deps.db, row, new Date());
  }

  async stats(auth: AuthContext): Promise<ActivityStats> {
    return this.deps.activities.stats(auth.user.id, new Date().toISOString());
  }

  /** The caller's managees' activities waiting for a budget decision, in start order. */
  async pendingApprovals(auth: AuthContext): Promise<PendingApproval[]> {
    const now = new Date();
    const rows = await this.deps.activities.pendingFor(auth.user.id);
    const extras = await this.deps.activities.extras(rows.map((row) => row.id));
    return rows.map((row) => toPendingApproval(row, extras, now));
  }

  /** Owned by its creator. A client-made id is kept; retrying its creation with an Idempotency-Key answers it again. */
  async create(auth: AuthContext, input: ActivityInput, idempotency: IdempotentRequest | null): Promise<Activity> {
    const now = new Date();
    return this.idempotent(idempotency, 201, async (trx) => {
      const id = input.id ?? newId();
      if (input.id !== undefined) {
        const existing = await this.deps.activities.findById(input.id, trx);
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
      const nowIso = now.toISOString();
      await this.deps.activities.insert(trx, {
        id,
        owner_id: auth.user.id,
        ...draftColumns(draft),
        approval_status: initialApprovalStatus(channel.needsBudgetApproval, draft.budgetEstimate ?? null),
        approved_by: null,
        approved_at: null,
        approval_notes: null,
        done: 0,
        done_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      });
      await this.deps.activities.replaceProducts(trx, id, draft.productIds);
      await this.deps.activities.replaceAttendees(trx, id, draft.attendees);
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
    const now = new Date();
    return this.idempotent(idempotency, 200, async (trx) => {
      const row = await this.requireOwned(trx, auth, id);
      if (row.done === 1) throw new AppError('ACTIVITY_LOCKED');
      const before = await this.detailOf(trx, row, now);
      const { done, ...fields } = patch;
      const draft = this.mergedDraft(before, fields);
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
      if (fields.productIds !== undefined) await this.deps.activities.replaceProducts(trx, id, draft.productIds);
      if (fields.attendees !== undefined) await this.deps.activities.replaceAttendees(trx, id, draft.attendees);
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
    const now = new Date();
    await this.idempotent<null>(idempotency, 204, async (trx) => {
      const row = await this.requireOwned(trx, auth, id);
      if (row.done === 1) throw new AppError('ACTIVITY_LOCKED');
      const before = await this.detailOf(trx, row, now);
      await this.deps.activities.delete(trx, id);
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
    return this.decide(auth, id, idempotency, 'approved', null);
  }

  /** Records who rejected and when, with the spec's reason followed by the manager's notes. */
  async reject(
    auth: AuthContext,
    id: string,
    notes: string | null,
    idempotency: IdempotentRequest | null,
  ): Promise<Activity> {
    return this.decide(auth, id, idempotency, 'rejected', notes ? `${REJECTION_REASON}: ${notes}` : REJECTION_REASON);
  }

  /** Only the owner's manager decides, and only on a waiting activity. */
  private async decide(
    auth: AuthContext,
    id: string,
    idempotency: IdempotentRequest | null,
    decision: Extract<ApprovalStatus, 'approved' | 'rejected'>,
    notes: string | null,
  ): Promise<Activity> {
    const now = new Date();
    return this.idempotent(idempotency, 200, async (trx) => {
      const row = await this.requireReadable(trx, auth, id);
      if (row.owner_manager_id !== auth.user.id) throw new AppError('NOT_APPROVER');
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
      { db: this.deps.db, keys: this.deps.keys },
      idempotency,
      { statusCode, replayAs: (body) => (body === null ? null : Activity.parse(body)) as T },
      work,
    );
  }

  /** The draft after a patch; an all-day activity moved without a new end keeps its length. */
  private mergedDraft(before: Activity, fields: Omit<ActivityUpdate, 'done'>): Draft {
    const draft: Draft = { ...draftOf(before), ...fields };
    if (fields.doctorId !== undefined && fields.doctorId !== before.doctorId && fields.doctorName === undefined) {
      // The name is filled from the new doctor (validDraft), or cleared with it.
      draft.doctorName = null;
    }
    if (draft.allDay && fields.end === undefined && fields.start !== undefined && before.allDay) {
      const length = Date.parse(before.end) - Date.parse(before.start);
      draft.end = new Date(Date.parse(draft.start) + length).toISOString();
    }
    return draft;
  }

  /**
   * The rules of spec 001 §5 that need the database (channel, the user's products, the doctor) and the
   * approval locks; throws one validation error naming every field at fault. Fills doctorName from the doctor.
   */
  private async validDraft(trx: Db, auth: AuthContext, draft: Draft, before: Activity | null): Promise<Channel> {
    const channelChanged = before === null || draft.channelId !== before.channelId;
    const found = await this.deps.channels.findById(draft.channelId, trx);
    // A new activity or a channel change needs an active channel; an existing one keeps a since-disabled one.
    const channel = found && (found.active || !channelChanged) ? found : null;
    const assigned = new Set((await this.deps.products.listAssigned(auth.user.id, trx)).map((product) => product.id));
    const errors = activityRuleErrors(draft, { channel, userHasProducts: assigned.size > 0 });
    if (!channel) errors.channelId = 'activities.channelUnknown';
    // Products already on the activity stay even if unassigned since; new ones must be the user's.
    const previous = new Set(before?.productIds ?? []);
    if (draft.productIds.some((productId) => !previous.has(productId) && !assigned.has(productId))) {
      errors.productIds = 'activities.productNotAssigned';
    }
    if (draft.doctorId && draft.doctorId !== before?.doctorId) {
      const doctor = await this.deps.doctors.findById(draft.doctorId, trx);
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
    const channel = await this.deps.channels.findById(id, db);
    if (!channel) throw new AppError('NOT_FOUND');
    return channel;
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

  /** Read: the owner, the owner's manager, an admin; anyone else is told it does not exist. */
  private async requireReadable(db: Db, auth: AuthContext, id: string): Promise<ActivityRow> {
    const row = await this.deps.activities.findById(id, db);
    const me = auth.user.id;
    if (!row || (row.owner_id !== me && row.owner_manager_id !== me && !auth.user.isAdmin)) {
      throw new AppError('NOT_FOUND', {}, { messageKey: 'activities.notFound' });
    }
    return row;
  }

  /** Write: the owner only; a reader who is not the owner is refused, anyone else is told it does not exist. */
  private async requireOwned(db: Db, auth: AuthContext, id: string): Promise<ActivityRow> {
    const row = await this.requireReadable(db, auth, id);
    if (row.owner_id !== auth.user.id) throw new AppError('FORBIDDEN');
    return row;
  }

  private async detail(db: Db, id: string, now: Date): Promise<Activity> {
    const row = await this.deps.activities.findById(id, db);
    if (!row) throw new AppError('NOT_FOUND', {}, { messageKey: 'activities.notFound' });
    return this.detailOf(db, row, now);
  }

  private async detailOf(db: Db, row: ActivityRow, now: Date): Promise<Activity> {
    return toActivity(row, await this.deps.activities.extras([row.id], db), now);
  }

  private async toActivities(db: Db, rows: ActivityRow[], now: Date): Promise<Activity[]> {
    const extras = await this.deps.activities.extras(
      rows.map((row) => row.id),
      db,
    );
    return rows.map((row) => toActivity(row, extras, now));
  }
}
