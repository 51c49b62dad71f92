import { type ApprovalStatus, REJECTION_REASON } from '@crm/shared';
import { newId } from '#server/db/ids.ts';
import type {
  ActivitiesTable,
  ActivityAttendeesTable,
  ActivityProductsTable,
  ProductsTable,
} from '#server/db/schema.ts';
import { Random } from '#server/demo/directory/generator.ts';
import { type PlanningDay, planningDays } from './calendar.ts';
import {
  CALL_NOTES,
  courtesyTitle,
  DEMO_PRODUCTS,
  DESCRIPTIONS,
  EVENT_BUDGETS_CENTS,
  EVENT_VENUES,
  NEXT_CALL_OBJECTIVES,
  PRECALL_OBJECTIVES,
  REJECTION_NOTES,
  TIME_OFF_TITLES,
  TITLES,
} from './catalogue.ts';

/*
 * Generated activities for the demo accounts and for the benchmark tiers. Both place activities on Paris
 * working days between 08:00 and 19:00 in quarter-hour steps with the form's durations, pick channels,
 * doctors (with their primary office) and products as a representative would, and derive what the
 * application would have recorded by now: done or not, approval decisions, creation and update times.
 * Deterministic for a seed and a 'now' (the ids aside).
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

type Kind = 'visit' | 'call' | 'video' | 'email' | 'event' | 'timeOff' | 'other';

/** How the application's history looks once generated: decisions and completion. */
type Profile = {
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

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const QUARTER_MS = 15 * MINUTE_MS;
/** Activities end by 19:00: eleven hours after 08:00. */
const WORKDAY_MINUTES = 11 * 60;
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

/** Minutes between two activities of a demo day: travel, a break. */
const GAPS = [0, 15, 15, 30, 30, 45, 60] as const;
/** Activities on a demo working day: about six. */
const DEMO_DAY_COUNTS = [4, 5, 6, 6, 6, 7, 7, 8] as const;

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

type ChannelChoice = { channel: ChannelRef; kind: Exclude<Kind, 'timeOff'> };

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
  const pickIndex = weightedPicker(weights);
  return (random) => choices[pickIndex(random)] as ChannelChoice;
}

/** Builds the rows of one activity at a time into a batch, from one owner's point of view. */
class ActivityWriter {
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
        approval_notes: approval === 'rejected' ? `${REJECTION_REASON}: ${random.pick(REJECTION_NOTES)}` : null,
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

// ——— demo ———

const DEMO_PROFILE: Profile = {
  doneShare: 0.85,
  pastRejectedShare: 0.1,
  soonWaitingShare: 0.6,
  laterWaitingShare: 0.25,
  futureRejectedShare: 0.05,
  dayOffShare: 0.02,
  withProducts: true,
};

export type DemoActivityOptions = {
  seed: number;
  now?: Date;
  /** Days on each side of today. */
  days: number;
  channels: readonly ChannelRef[];
  owners: readonly OwnerPlan[];
};

/**
 * The demo accounts' calendars: about six activities per working day and per owner over the past and next
 * `days` days, laid end to end between 08:00 and 19:00 with travel gaps; a week of holidays on each side of
 * today and a few single days off; today is always a working day, so the dashboard has something to show.
 */
export function generateDemoActivities(options: DemoActivityOptions): ActivityBatch {
  const random = new Random(options.seed);
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const days = planningDays(now, -options.days, options.days);
  const batch = emptyActivityBatch();
  for (const owner of options.owners) {
    const writer = new ActivityWriter(random, owner, options.channels, nowMs, DEMO_PROFILE, batch);
    const holidayWeeks = [holidayWeek(random, days, -120, -30), holidayWeek(random, days, 40, 150)];
    for (let index = 0; index < days.length; index += 1) {
      const day = days[index] as PlanningDay;
      const isToday = day.offset === 0;
      const week = holidayWeeks.find((range) => range !== null && index >= range[0] && index <= range[1]);
      if (week) {
        if (index === week[0]) writer.addTimeOff(day, days[week[1]] as PlanningDay, TIME_OFF_TITLES.holiday);
        continue;
      }
      if (!day.isWorkingDay && !isToday) continue;
      if (!isToday && random.chance(DEMO_PROFILE.dayOffShare)) {
        writer.addTimeOff(day, day, random.pick(TIME_OFF_TITLES.single));
        continue;
      }
      planDemoDay(random, writer, day);
    }
  }
  return batch;
}

/** Activities laid end to end from 08:00–09:30, stopping before one would end after 19:00. */
function planDemoDay(random: Random, writer: ActivityWriter, day: PlanningDay): void {
  const count = random.pick(DEMO_DAY_COUNTS);
  const closing = day.eightAm + WORKDAY_MINUTES * MINUTE_MS;
  let start = day.eightAm + random.int(7) * QUARTER_MS;
  for (let placed = 0; placed < count; placed += 1) {
    const choice = writer.channel();
    const minutes = writer.duration(choice.kind);
    if (start + minutes * MINUTE_MS > closing) break;
    writer.add(choice, start, minutes);
    start += (minutes + random.pick(GAPS)) * MINUTE_MS;
  }
}

/** Indexes in `days` of a Monday-to-Friday week starting between the two offsets, or null if none fits. */
function holidayWeek(random: Random, days: readonly PlanningDay[], from: number, to: number): [number, number] | null {
  const wanted = from + random.int(Math.max(1, to - from));
  const start = days.findIndex((day) => day.offset >= wanted && new Date(`${day.date}T12:00:00Z`).getUTCDay() === 1);
  if (start < 0 || start + 4 >= days.length) return null;
  return [start, start + 4];
}

/** The demo products, all active. */
export function demoProducts(now: string): ProductsTable[] {
  return DEMO_PRODUCTS.map((product) => ({
    id: newId(),
    name: product.name,
    description: product.description,
    active: 1,
    created_at: now,
    updated_at: now,
  }));
}

/** The catalogue entry of a product by its stored name (products added by an administrator have none). */
export function productRef(product: { id: string; name: string }): ProductRef {
  const known = DEMO_PRODUCTS.find((entry) => entry.name === product.name);
  return {
    id: product.id,
    brand: known?.brand ?? product.name.split(' ')[0] ?? product.name,
    specialty: known?.specialty ?? '',
    theme: known?.theme ?? product.name,
  };
}

/** `count` products out of the list, starting at `offset` (so neighbours sell overlapping ranges). */
export function productSelection<T>(products: readonly T[], offset: number, count: number): T[] {
  if (products.length === 0) return [];
  return Array.from(
    { length: Math.min(count, products.length) },
    (_, index) => products[(offset + index) % products.length] as T,
  );
}

/**
 * Doctors in the order of their office's postal code (those without an office last), so that a window of
 * them is a territory of a few neighbouring départements. Stable: ties keep the given order.
 */
export function byTerritory(doctors: readonly DoctorRef[]): DoctorRef[] {
  const key = (doctor: DoctorRef) => doctor.office?.postalCode ?? '~';
  return [...doctors].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** `size` doctors of one territory from `start` in a list ordered by territory (wrapping around). */
export function territory(doctors: readonly DoctorRef[], start: number, size: number): DoctorRef[] {
  if (doctors.length <= size) return [...doctors];
  return Array.from({ length: size }, (_, index) => doctors[(start + index) % doctors.length] as DoctorRef);
}

// ——— benchmark tiers ———

const TIER_PROFILE: Profile = {
  doneShare: 0.85,
  pastRejectedShare: 0.1,
  soonWaitingShare: 0.5,
  laterWaitingShare: 0.1,
  futureRejectedShare: 0.05,
  dayOffShare: 0.02,
  withProducts: true,
};
/** The tier spans the past twelve months and the next six. */
export const TIER_DAYS = { past: 365, future: 183 } as const;
const TIER_EVENT_SHARE = 0.015;
const TIER_PORTFOLIO = { min: 150, spread: 150 } as const;

/**
 * How many activities each representative gets: skewed, so that benchmarks meet heavy users. The first
 * representative is the heaviest (4× the base weight), the second exactly the base weight (a typical one),
 * then about 2 % heavy ones (3–3.5×), 10 % busy ones (1.5–2.5×) and the rest between 0.4× and 1.2×. The
 * counts add up to `total` exactly.
 */
export function activitiesPerRep(reps: number, total: number, seed = 1): number[] {
  if (reps <= 0) return [];
  const random = new Random(seed ^ 0x5eed);
  const heavy = Math.ceil(reps * 0.02);
  const busy = Math.ceil(reps * 0.1);
  const weights = Array.from({ length: reps }, (_, index) => {
    if (index === 0) return 4;
    if (index === 1) return 1;
    if (index < 2 + heavy) return 3 + random.next() * 0.5;
    if (index < 2 + heavy + busy) return 1.5 + random.next();
    return 0.4 + random.next() * 0.8;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((weight) => Math.floor((weight / sum) * total));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (let index = 0; missing > 0; index = (index + 1) % reps, missing -= 1) counts[index] = (counts[index] ?? 0) + 1;
  return counts;
}

export type TierOwner = { id: string; approverId: string | null; products: readonly ProductRef[] };

export type TierActivityOptions = {
  owners: readonly TierOwner[];
  /** Activities per owner (activitiesPerRep). */
  counts: readonly number[];
  channels: readonly ChannelRef[];
  /** Doctors the representatives visit; each gets a window of 150–300 of them. */
  doctors: readonly DoctorRef[];
  seed?: number;
  now?: Date;
  /** Activities per batch (one transaction). */
  batchSize?: number;
  withProducts?: boolean;
};

/**
 * A benchmark tier's activities, owner after owner in start order (each owner's index entries are written
 * together), in batches. Each owner's count is spread evenly over the working days of the past twelve
 * months and the next six, at random quarter hours between 08:00 and 19:00 (a heavy representative's day
 * overlaps); about 2 % of working days are a day off, whose share moves to the next day.
 */
export function* generateTierActivities(options: TierActivityOptions): Generator<ActivityBatch> {
  const random = new Random(options.seed ?? 1);
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const profile: Profile = { ...TIER_PROFILE, withProducts: options.withProducts ?? true };
  const batchSize = options.batchSize ?? 20_000;
  const workingDays = planningDays(now, -TIER_DAYS.past, TIER_DAYS.future).filter((day) => day.isWorkingDay);
  const lastDay = workingDays.length - 1;
  const doctors = byTerritory(options.doctors);
  let batch = emptyActivityBatch();
  for (let ownerIndex = 0; ownerIndex < options.owners.length; ownerIndex += 1) {
    const owner = options.owners[ownerIndex] as TierOwner;
    const count = options.counts[ownerIndex] ?? 0;
    const portfolio = tierPortfolio(random, doctors, ownerIndex, options.owners.length);
    const writer = new ActivityWriter(
      random,
      { ...owner, portfolio, eventShare: TIER_EVENT_SHARE },
      options.channels,
      nowMs,
      profile,
      batch,
    );
    let carried = 0;
    for (let index = 0; index <= lastDay; index += 1) {
      const day = workingDays[index] as PlanningDay;
      let share =
        Math.floor(((index + 1) * count) / workingDays.length) -
        Math.floor((index * count) / workingDays.length) +
        carried;
      carried = 0;
      if (share > 0 && index < lastDay && day.offset !== 0 && random.chance(profile.dayOffShare)) {
        writer.addTimeOff(day, day, random.pick(TIME_OFF_TITLES.single));
        carried = share - 1;
        share = 0;
      }
      for (let placed = 0; placed < share; placed += 1) {
        const choice = writer.channel();
        const minutes = writer.duration(choice.kind);
        const slots = (WORKDAY_MINUTES - minutes) / 15 + 1;
        writer.add(choice, day.eightAm + random.int(slots) * QUARTER_MS, minutes);
      }
      if (batch.activities.length >= batchSize) {
        yield batch;
        batch = emptyActivityBatch();
        writer.batch = batch;
      }
    }
  }
  if (batch.activities.length > 0) yield batch;
}

/** Representatives side by side cover neighbouring territories, and may share a few doctors. */
function tierPortfolio(random: Random, doctors: readonly DoctorRef[], ownerIndex: number, owners: number): DoctorRef[] {
  const size = TIER_PORTFOLIO.min + random.int(TIER_PORTFOLIO.spread);
  return territory(doctors, Math.floor((ownerIndex * doctors.length) / Math.max(1, owners)), size);
}

// ——— helpers ———

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

function pickWeighted(random: Random, weights: readonly number[]): number {
  let total = 0;
  for (const weight of weights) total += weight;
  let target = random.next() * total;
  for (let index = 0; index < weights.length; index += 1) {
    target -= weights[index] ?? 0;
    if (target < 0) return index;
  }
  return weights.length - 1;
}

function weightedPicker(weights: readonly number[]): (random: Random) => number {
  return (random) => pickWeighted(random, weights);
}
