import { z } from 'zod';
import { optionalText, uuidField } from '../common/fields.ts';
import { limitParam, pageParam } from '../common/paging.ts';
import {
  ACTIVITY_DURATIONS,
  ACTIVITY_LIST_STATUSES,
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_STATUSES,
  APPROVAL_STATUSES,
  hasAtMostTwoDecimals,
  REJECTION_NOTES_MAX_LENGTH,
} from './activities.rules.ts';

const isoDateTime = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'activities.invalidDate' })
    .transform((value) => new Date(value).toISOString());

const longText = () => optionalText(5000);

export const ApprovalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

/** A doctor taking part in the activity besides the main one (attendee search). */
export const ActivityAttendee = z.object({
  id: uuidField(),
  name: z.string().trim().min(1).max(255),
});
export type ActivityAttendee = z.infer<typeof ActivityAttendee>;

export const Channel = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  active: z.boolean(),
  isTimeOff: z.boolean(),
  needsBudgetApproval: z.boolean(),
});
export type Channel = z.infer<typeof Channel>;
/** GET /api/configuration/channels/active */
export const ChannelList = z.object({ channels: z.array(Channel) });
export type ChannelList = z.infer<typeof ChannelList>;

export const Product = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type Product = z.infer<typeof Product>;
/** GET /api/users/products/all and GET /api/auth/me/products */
export const ProductList = z.object({ products: z.array(Product) });
export type ProductList = z.infer<typeof ProductList>;

const durationField = () =>
  z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'activities.durationInvalid' })
    .refine((value) => (ACTIVITY_DURATIONS as readonly number[]).includes(value), {
      error: 'activities.durationInvalid',
    });

const budgetField = () =>
  z
    .number({ error: 'activities.budgetInvalid' })
    .min(0, { error: 'activities.budgetMinimum' })
    .max(10_000_000, { error: 'activities.budgetInvalid' })
    .refine(hasAtMostTwoDecimals, { error: 'activities.budgetDecimals' });

const productIdsField = () => z.array(uuidField()).max(50);

/** The fields a user writes (spec 001 §3), shared by POST and PUT. */
const activityFields = {
  channelId: uuidField(),
  title: optionalText(255),
  start: isoDateTime(),
  /** Only read for all-day activities; others end after their duration. */
  end: isoDateTime().nullish(),
  allDay: z.boolean().default(false),
  duration: durationField().nullish(),
  description: longText(),
  location: optionalText(255),
  address: optionalText(255),
  postal_code: optionalText(10),
  city: optionalText(100),
  officePhone: optionalText(30),
  officeEmail: optionalText(254),
  officeId: uuidField().nullish(),
  doctorId: uuidField().nullish(),
  doctorName: optionalText(255),
  attendees: z.array(ActivityAttendee).max(50).default([]),
  precallObjectives: longText(),
  callNotes: longText(),
  nextCallObjectives: longText(),
  budgetEstimate: budgetField().nullish(),
  acknowledgeRules: z.boolean().default(false),
};

/**
 * Spec 001 §3 names the products "productIds (or productId)": one product may come alone as productId. Both
 * at once are refused (which would win is a guess). The parsed body keeps productId beside productIds so
 * that a refusal of its product names the field the client sent.
 */
const productAlias = {
  refine: (body: { productId?: string | undefined; productIds?: string[] | undefined }) =>
    body.productId === undefined || body.productIds === undefined,
  error: { path: ['productId'], error: 'activities.productIdWithProductIds' },
};

/** POST /api/activities: the id may come from the client (an activity made offline keeps its id). */
export const ActivityInput = z
  .object({
    id: uuidField().optional(),
    ...activityFields,
    productIds: productIdsField().optional(),
    productId: uuidField().optional(),
  })
  .refine(productAlias.refine, productAlias.error)
  .transform(({ productIds, ...body }) => ({
    ...body,
    productIds: productIds ?? (body.productId === undefined ? [] : [body.productId]),
  }));
export type ActivityInput = z.infer<typeof ActivityInput>;
export type ActivityInputForm = z.input<typeof ActivityInput>;

/**
 * PUT /api/activities/{id}: the fields that change (an offline edit sends only those), and done: true to
 * mark it done. Defaults are dropped so an absent field stays as it is.
 */
export const ActivityUpdate = z
  .object({
    ...activityFields,
    allDay: z.boolean(),
    attendees: z.array(ActivityAttendee).max(50),
    productIds: productIdsField(),
    productId: uuidField(),
    acknowledgeRules: z.boolean(),
    done: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'validation.nothingToUpdate' })
  .refine(productAlias.refine, productAlias.error)
  .transform((body) => (body.productId === undefined ? body : { ...body, productIds: [body.productId] }));
export type ActivityUpdate = z.infer<typeof ActivityUpdate>;

export const ActivityChannelSummary = Channel.pick({
  id: true,
  name: true,
  color: true,
  isTimeOff: true,
  needsBudgetApproval: true,
});

export const Activity = z.object({
  id: z.string(),
  title: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  /** The channel's name (the spec's "type"). */
  type: z.string(),
  channelId: z.string(),
  channel: ActivityChannelSummary,
  duration: z.number().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  officePhone: z.string().nullable(),
  officeEmail: z.string().nullable(),
  officeId: z.string().nullable(),
  doctorId: z.string().nullable(),
  doctorName: z.string().nullable(),
  attendees: z.array(ActivityAttendee),
  productIds: z.array(z.string()),
  precallObjectives: z.string().nullable(),
  callNotes: z.string().nullable(),
  nextCallObjectives: z.string().nullable(),
  /** Euros, two decimals. */
  budgetEstimate: z.number().nullable(),
  approvalStatus: ApprovalStatus,
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvalNotes: z.string().nullable(),
  needsApproval: z.boolean(),
  acknowledgeRules: z.boolean(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  /** Derived when answered: upcoming, incomplete or done. */
  status: z.enum(ACTIVITY_STATUSES),
  ownerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Activity = z.infer<typeof Activity>;

const dateParam = () =>
  z
    .string()
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'activities.invalidDate' })
    .transform((value) => new Date(value).toISOString())
    .optional();

/** GET /api/activities */
export const ActivityListQuery = z.object({
  page: pageParam(),
  limit: limitParam(ACTIVITY_PAGE_SIZE),
  status: z.enum(ACTIVITY_LIST_STATUSES, { error: 'validation.invalid' }).optional(),
  /** Activities overlapping [startDate, endDate). */
  startDate: dateParam(),
  endDate: dateParam(),
  /** true: every activity of the range, unpaged (the calendar). */
  calendarView: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  doctorId: uuidField().optional(),
});
export type ActivityListQuery = z.infer<typeof ActivityListQuery>;

export const ActivityListResult = z.object({
  activities: z.array(Activity),
  total: z.number(),
  needsPagination: z.boolean(),
  pages: z.number(),
  currentPage: z.number(),
});
export type ActivityListResult = z.infer<typeof ActivityListResult>;

/**
 * What the calendar shows of an activity (GET /api/activities?calendarView=true): a month of a busy
 * representative is a few hundred of them, so notes, address, products and attendees stay out (about a
 * quarter of the bytes); clicking an event opens the whole activity.
 */
export const CalendarActivity = Activity.pick({
  id: true,
  title: true,
  start: true,
  end: true,
  allDay: true,
  type: true,
  channelId: true,
  channel: true,
  duration: true,
  location: true,
  doctorId: true,
  doctorName: true,
  budgetEstimate: true,
  approvalStatus: true,
  done: true,
  status: true,
  ownerId: true,
  updatedAt: true,
});
export type CalendarActivity = z.infer<typeof CalendarActivity>;

export const CalendarActivityListResult = ActivityListResult.extend({ activities: z.array(CalendarActivity) });
export type CalendarActivityListResult = z.infer<typeof CalendarActivityListResult>;

/** GET /api/activities/stats: the caller's own activities; needApprovalCount is what waits for the caller. */
export const ActivityStats = z.object({
  upcomingCount: z.number(),
  incompleteCount: z.number(),
  doneCount: z.number(),
  waitingApprovalCount: z.number(),
  needApprovalCount: z.number(),
});
export type ActivityStats = z.infer<typeof ActivityStats>;

export const ActivityOwner = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});

/** GET /api/activities/pending-approvals: the caller's managees' waiting activities with their owner. */
export const PendingApproval = Activity.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});
export type PendingApproval = z.infer<typeof PendingApproval>;
export const PendingApprovalList = z.object({ activities: z.array(PendingApproval) });
export type PendingApprovalList = z.infer<typeof PendingApprovalList>;

/** PUT /api/activities/{id}/reject */
export const RejectInput = z.object({ notes: optionalText(REJECTION_NOTES_MAX_LENGTH) });
export type RejectInput = z.infer<typeof RejectInput>;
