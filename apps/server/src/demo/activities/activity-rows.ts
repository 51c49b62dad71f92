import type { ApprovalStatus } from '@crm/shared';
import { newId } from '#server/db/ids.ts';
import type { ActivitiesTable, ActivityAttendeesTable, ActivityProductsTable } from '#server/db/schema.ts';
import { pickWeighted, type Random } from '#server/demo/random.ts';
import type { PlanningDay } from './calendar.ts';
import {
  CALL_NOTES,
  courtesyTitle,
  DESCRIPTIONS,
  EVENT_BUDGETS_CENTS,
  EVENT_VENUES,
  NEXT_CALL_OBJECTIVES,
  PRECALL_OBJECTIVES,
  REJECTION_NOTES,
  TITLES,
} from './catalogue.ts';

/*
 * The rows of generated activities, one activity at a time, for the demo set (demo-activities.ts) and the
 * benchmark tiers (tier-activities.ts). Both place activities on Paris working days between 08:00 and
 * 19:00 in quarter-hour steps with the form's durations; the writer picks channels, doctors (with their
 * primary office) and products as a representative would, and derives what the application would have
 * recorded by now: done or not, approval decisions, creation and update times. Deterministic for a seed
 * and a 'now' (the ids aside).
 */

export type ChannelRef = { id: string; name: string; isTimeOff: boolean; needsBudgetApproval: boolean };
export type OfficeRef = {
  id: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  phone: string | null;
  email: string | null;
};
export type DoctorRef = {
  id: string;
  firstName: string;
  lastName: string;
  prefix: string | null;
  specialty: string;
  /** The doctor's primary office, when there is one. */
  office: OfficeRef | null;
};
export type ProductRef = { id: string; brand: string; specialty: string; theme: string };

/** Who owns the activities, who decides on their budgets, what they sell and whom they visit. */
export type OwnerPlan = {
  id: string;
  /** The owner's manager (null: no event, nobody could approve its budget). */
  approverId: string | null;
  products: readonly ProductRef[];
  portfolio: readonly DoctorRef[];
  /** Share of the owner's non-time-off activities that are budgeted events. */
  eventShare: number;
  /**
   * Future budgets already decided: the approver is not the owner's manager in the application (the demo
   * manager has none), so a waiting one could never be approved there.
   */
  decidedAhead?: boolean;
};

/** Rows for the activity tables, inserted together (parents first). */
export type ActivityBatch = {
  activities: ActivitiesTable[];
  activityProducts: ActivityProductsTable[];
  activityAttendees: ActivityAttendeesTable[];
};

export const emptyActivityBatch = (): ActivityBatch => ({
  activities: [],
  activityProducts: [],
  activityAttendees: [],
});

export type Kind = 'visit' | 'call' | 'video' | 'email' | 'event' | 'timeOff' | 'other';

/** How the application's history looks once generated: decisions and completion. */
export type Profile = {
  /** Share of the ended activities (approved, for events) marked done. */
  doneShare: number;
  pastRejectedShare: number;
  /** Waiting shares of future events, within 30 days and beyond (the rest approved, a few rejected). */
  soonWaitingShare: number;
  laterWaitingShare: number;
  futureRejectedShare: number;
  /** Share of working days taken as a single day off (RTT, training). */
  dayOffShare: number;
  /** Whether activity_products rows are generated. */
  withProducts: boolean;
};

export const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
export const QUARTER_MS = 15 * MINUTE_MS;
/** Activities end by 19:00: eleven hours after 08:00. */
export const WORKDAY_MINUTES = 11 * 60;
const SOON_MS = 30 * DAY_MS;

const DURATIONS: Record<Exclude<Kind, 'timeOff'>, { minutes: readonly number[]; weights: readonly number[] }> = {
  visit: { minutes: [30, 45, 60, 90], weights: [25, 30, 30, 15] },
  call: { minutes: [15, 30], weights: [60, 40] },
  video: { minutes: [30, 45, 60], weights: [40, 30, 30] },
  email: { minutes: [15, 30], weights: [70, 30] },
  event: { minutes: [90, 120, 150, 180], weights: [25, 40, 20, 15] },
  other: { minutes: [30, 60], weights: [50, 50] },
};

/** Channel mix of a representative, the budgeted events aside (their share is the owner's). */
const KIND_WEIGHTS: Record<Exclude<Kind, 'event' | 'timeOff'>, number> = {
  visit: 55,
  call: 18,
  email: 12,
  video: 10,
  other: 5,
};

function kindOf(channel: ChannelRef): Kind {
  if (channel.isTimeOff) return 'timeOff';
  if (channel.needsBudgetApproval) return 'event';
  const name = channel.name.toLowerCase();
  if (name.includes('face')) return 'visit';
  if (name.includes('call')) return 'call';
  if (name.includes('video')) return 'video';
  if (name.includes('mail')) return 'email';
  return 'other';
}

export type ChannelChoice = { channel: ChannelRef; kind: Exclude<Kind, 'timeOff'> };

/** Picks a working channel with the owner's mix; time-off is placed by day, not picked. */
function channelPicker(channels: readonly ChannelRef[], eventShare: number): (random: Random) => ChannelChoice {
  const choices: ChannelChoice[] = [];
  const weights: number[] = [];
  const working = channels.filter((channel) => !channel.isTimeOff);
  const events = working.filter((channel) => kindOf(channel) === 'event');
  const others = working.filter((channel) => kindOf(channel) !== 'event');
  const otherTotal = others.reduce(
    (sum, channel) => sum + KIND_WEIGHTS[kindOf(channel) as keyof typeof KIND_WEIGHTS],
    0,
  );
  for (const channel of others) {
    choices.push({ channel, kind: kindOf(channel) as ChannelChoice['kind'] });
    const share = events.length > 0 ? 1 - eventShare : 1;
    weights.push((KIND_WEIGHTS[kindOf(channel) as keyof typeof KIND_WEIGHTS] / otherTotal) * share);
  }
  for (const channel of events) {
    choices.push({ channel, kind: 'event' });
    weights.push(others.length > 0 ? eventShare / events.length : 1);
  }
  if (choices.length === 0) throw new Error('no working channel to generate activities on');
  return (random) => choices[pickWeighted(random, weights)] as ChannelChoice;
}

/** Builds the rows of one activity at a time into a batch, from one owner's point of view. */
export class ActivityWriter {
  private readonly pickChannel: (random: Random) => ChannelChoice;
  private readonly productsBySpecialty = new Map<string, ProductRef[]>();
  private readonly timeOff: ChannelRef | undefined;
  private readonly names = new Map<string, { full: string; inTitle: string }>();

  constructor(
    private readonly random: Random,
    private readonly owner: OwnerPlan,
    channels: readonly ChannelRef[],
    private readonly nowMs: number,
    private readonly profile: Profile,
    public batch: ActivityBatch,
  ) {
    this.pickChannel = channelPicker(channels, owner.approverId === null ? 0 : owner.eventShare);
    this.timeOff = channels.find((channel) => channel.isTimeOff);
    for (const product of owner.products) {
      const list = this.productsBySpecialty.get(product.specialty) ?? [];
      list.push(product);
      this.productsBySpecialty.set(product.specialty, list);
    }
  }

  channel(): ChannelChoice {
    return this.pickChannel(this.random);
  }

  duration(kind: ChannelChoice['kind']): number {
    const { minutes, weights } = DURATIONS[kind];
    return minutes[pickWeighted(this.random, weights)] ?? 60;
  }

  /** An all-day time-off from the midnight of `first` to the midnight after `last`. */
  addTimeOff(first: PlanningDay, last: PlanningDay, title: string): void {
    if (!this.timeOff) return;
    const random = this.random;
    const createdMs = this.createdBefore(first.midnight, 7 * DAY_MS + random.int(50) * DAY_MS);
    const created = isoString(createdMs);
    this.batch.activities.push(
      row({
        id: newId(),
        owner_id: this.owner.id,
        channel_id: this.timeOff.id,
        title,
        start_at: isoString(first.midnight),
        end_at: isoString(last.nextMidnight),
        all_day: 1,
        duration: null,
        acknowledge_rules: 0,
        created_at: created,
        updated_at: created,
      }),
    );
  }

  /** One working activity on `choice`'s channel from `startMs` for `minutes`. */
  add(choice: ChannelChoice, startMs: number, minutes: number): void {
    const random = this.random;
    const { kind, channel } = choice;
    const endMs = startMs + minutes * MINUTE_MS;
    const portfolio = this.owner.portfolio;
    // A few doctors are seen much more often than the others.
    const doctor =
      portfolio.length === 0 || (kind === 'event' && random.chance(0.4))
        ? null
        : (portfolio[Math.floor(portfolio.length * random.next() ** 1.7)] ?? null);
    const products = this.products(doctor?.specialty);
    const brand = products[0]?.brand ?? null;
    const names = doctor ? this.namesOf(doctor) : null;
    const title = fillTitle(random, TITLES[kind], {
      doctor: names?.inTitle ?? null,
      brand,
      theme: products[0]?.theme ?? null,
    });
    const id = newId();

    // Approval of a budgeted event: decided before it starts, or still waiting when it is ahead.
    let budgetCents: number | null = null;
    let approval: ApprovalStatus = 'none';
    if (kind === 'event') {
      budgetCents = random.pick(EVENT_BUDGETS_CENTS);
      if (startMs <= this.nowMs) approval = random.chance(this.profile.pastRejectedShare) ? 'rejected' : 'approved';
      else {
        const waiting = this.owner.decidedAhead
          ? 0
          : startMs - this.nowMs < SOON_MS
            ? this.profile.soonWaitingShare
            : this.profile.laterWaitingShare;
        const roll = random.next();
        approval =
          roll < waiting
            ? 'waiting_approval'
            : roll < waiting + this.profile.futureRejectedShare
              ? 'rejected'
              : 'approved';
      }
    }
    const createdMs = this.createdBefore(startMs, 6 * HOUR_MS + random.int(40 * 24) * HOUR_MS);
    const decidedMs =
      approval === 'approved' || approval === 'rejected'
        ? Math.min(createdMs + (1 + random.int(72)) * HOUR_MS, startMs, this.nowMs)
        : null;
    const done =
      endMs <= this.nowMs && (kind !== 'event' || approval === 'approved') && random.chance(this.profile.doneShare);
    const doneMs = done ? Math.min(endMs + (1 + random.int(36)) * 5 * MINUTE_MS, this.nowMs) : null;
    const updatedMs = Math.max(createdMs, decidedMs ?? 0, doneMs ?? 0);

    // Where: the doctor's office for a visit; a venue near one of the doctors for an event.
    const office =
      kind === 'visit'
        ? (doctor?.office ?? null)
        : kind === 'event'
          ? (doctor?.office ?? (portfolio.length > 0 ? (random.pick(portfolio).office ?? null) : null))
          : null;
    const talks = kind === 'visit' || kind === 'call' || kind === 'video';
    const precall = random.chance(talks ? 0.6 : kind === 'event' ? 0.4 : 0.2)
      ? withBrand(random.pick(PRECALL_OBJECTIVES), brand)
      : null;
    const notes = done && talks && random.chance(0.7) ? withBrand(random.pick(CALL_NOTES), brand) : null;
    const next = done && talks && random.chance(0.35) ? withBrand(random.pick(NEXT_CALL_OBJECTIVES), brand) : null;

    this.batch.activities.push(
      row({
        id,
        owner_id: this.owner.id,
        channel_id: channel.id,
        title,
        start_at: isoString(startMs),
        end_at: isoString(endMs),
        all_day: 0,
        duration: minutes,
        description: random.chance(0.15) ? random.pick(DESCRIPTIONS) : null,
        location: kind === 'event' ? random.pick(EVENT_VENUES) : (office?.name ?? null),
        address: office?.address ?? null,
        postal_code: office?.postalCode ?? null,
        city: office?.city ?? null,
        office_phone: kind === 'visit' ? (office?.phone ?? null) : null,
        office_email: kind === 'visit' ? (office?.email ?? null) : null,
        office_id: kind === 'visit' ? (office?.id ?? null) : null,
        doctor_id: doctor?.id ?? null,
        doctor_name: names?.full ?? null,
        precall_objectives: precall,
        call_notes: notes,
        next_call_objectives: next,
        budget_cents: budgetCents,
        approval_status: approval,
        approved_by: decidedMs === null ? null : this.owner.approverId,
        approved_at: decidedMs === null ? null : isoString(decidedMs),
        approval_notes: approval === 'rejected' ? random.pick(REJECTION_NOTES) : null,
        acknowledge_rules: 1,
        done: done ? 1 : 0,
        done_at: doneMs === null ? null : isoString(doneMs),
        created_at: isoString(createdMs),
        updated_at: isoString(updatedMs),
      }),
    );
    if (this.profile.withProducts) {
      for (const product of products) this.batch.activityProducts.push({ activity_id: id, product_id: product.id });
    }
    if (kind === 'event' && portfolio.length > 1) {
      const attendees = new Map<string, DoctorRef>();
      const wanted = 2 + random.int(4);
      for (let attempt = 0; attendees.size < wanted && attempt < wanted * 3; attempt += 1) {
        const attendee = random.pick(portfolio);
        if (attendee.id !== doctor?.id) attendees.set(attendee.id, attendee);
      }
      let position = 0;
      for (const attendee of attendees.values()) {
        this.batch.activityAttendees.push({
          activity_id: id,
          doctor_id: attendee.id,
          name: this.namesOf(attendee).full,
          position,
        });
        position += 1;
      }
    }
  }

  /** 'Jean Martin' (the form's doctorName) and 'Dr Martin' (in titles), made once per doctor. */
  private namesOf(doctor: DoctorRef): { full: string; inTitle: string } {
    let names = this.names.get(doctor.id);
    if (!names) {
      names = {
        full: `${doctor.firstName} ${doctor.lastName}`,
        inTitle: `${courtesyTitle(doctor.prefix)} ${doctor.lastName}`,
      };
      this.names.set(doctor.id, names);
    }
    return names;
  }

  /** One product, sometimes two, of the owner's; the one for the doctor's specialty more often than not. */
  private products(specialty: string | undefined): ProductRef[] {
    const all = this.owner.products;
    if (all.length === 0) return [];
    const random = this.random;
    const matching = specialty === undefined ? undefined : this.productsBySpecialty.get(specialty);
    const first = matching && random.chance(0.7) ? random.pick(matching) : random.pick(all);
    if (all.length === 1 || !random.chance(0.25)) return [first];
    const second = random.pick(all);
    return second.id === first.id ? [first] : [first, second];
  }

  /** Created some time before `startMs`, and never after now (a future activity was planned recently). */
  private createdBefore(startMs: number, lead: number): number {
    const created = startMs - lead;
    if (created <= this.nowMs - MINUTE_MS) return created;
    return this.nowMs - (1 + this.random.int(14 * 24)) * HOUR_MS;
  }
}

function row(
  values: Pick<
    ActivitiesTable,
    | 'id'
    | 'owner_id'
    | 'channel_id'
    | 'title'
    | 'start_at'
    | 'end_at'
    | 'all_day'
    | 'duration'
    | 'acknowledge_rules'
    | 'created_at'
    | 'updated_at'
  > &
    Partial<ActivitiesTable>,
): ActivitiesTable {
  // Every row with the same keys in the same order: one statement shape for the bulk insert.
  return {
    id: values.id,
    owner_id: values.owner_id,
    channel_id: values.channel_id,
    title: values.title,
    start_at: values.start_at,
    end_at: values.end_at,
    all_day: values.all_day,
    duration: values.duration,
    description: values.description ?? null,
    location: values.location ?? null,
    address: values.address ?? null,
    postal_code: values.postal_code ?? null,
    city: values.city ?? null,
    office_phone: values.office_phone ?? null,
    office_email: values.office_email ?? null,
    office_id: values.office_id ?? null,
    doctor_id: values.doctor_id ?? null,
    doctor_name: values.doctor_name ?? null,
    precall_objectives: values.precall_objectives ?? null,
    call_notes: values.call_notes ?? null,
    next_call_objectives: values.next_call_objectives ?? null,
    budget_cents: values.budget_cents ?? null,
    approval_status: values.approval_status ?? 'none',
    approved_by: values.approved_by ?? null,
    approved_at: values.approved_at ?? null,
    approval_notes: values.approval_notes ?? null,
    acknowledge_rules: values.acknowledge_rules,
    done: values.done ?? 0,
    done_at: values.done_at ?? null,
    created_at: values.created_at,
    updated_at: values.updated_at,
  };
}

type TitleValues = { doctor: string | null; brand: string | null; theme: string | null };

/** A title among those whose placeholders can all be filled (no doctor: no '{doctor}' title). */
function fillTitle(random: Random, templates: readonly string[], values: TitleValues): string {
  const usable = usableTemplates(templates, values);
  const template = usable.length > 0 ? random.pick(usable) : (templates[0] ?? '');
  return template
    .replace('{doctor}', values.doctor ?? '')
    .replace('{brand}', values.brand ?? '')
    .replace('{theme}', values.theme ?? '')
    .trim();
}

const usableCache = new Map<readonly string[], Map<number, readonly string[]>>();

function usableTemplates(templates: readonly string[], values: TitleValues): readonly string[] {
  const mask = (values.doctor === null ? 1 : 0) | (values.brand === null ? 2 : 0) | (values.theme === null ? 4 : 0);
  let byMask = usableCache.get(templates);
  if (!byMask) {
    byMask = new Map();
    usableCache.set(templates, byMask);
  }
  let usable = byMask.get(mask);
  if (!usable) {
    usable = templates.filter(
      (template) =>
        !(
          (mask & 1 && template.includes('{doctor}')) ||
          (mask & 2 && template.includes('{brand}')) ||
          (mask & 4 && template.includes('{theme}'))
        ),
    );
    byMask.set(mask, usable);
  }
  return usable;
}

function withBrand(text: string, brand: string | null): string {
  return text.includes('{brand}') ? text.replace('{brand}', brand ?? 'notre gamme') : text;
}

const isoStrings = new Map<number, string>();
const ISO_CACHE_SIZE = 500_000;

/**
 * `new Date(ms).toISOString()`, remembered: generated times fall on a few hundred thousand distinct
 * instants (quarter hours, five-minute steps), so the rows share their strings. Date's formatting costs
 * nearly a microsecond, and a fresh string per value and row keeps the garbage collector busy.
 */
export function isoString(ms: number): string {
  let text = isoStrings.get(ms);
  if (text === undefined) {
    if (isoStrings.size >= ISO_CACHE_SIZE) isoStrings.clear();
    text = new Date(ms).toISOString();
    isoStrings.set(ms, text);
  }
  return text;
}
