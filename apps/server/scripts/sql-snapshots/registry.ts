import type { ActivityListFilter } from '#server/modules/activities/activities.repository.ts';
import { ActivitiesRepository } from '#server/modules/activities/activities.repository.ts';
import { ActivityExtrasRepository } from '#server/modules/activities/activity-extras.repository.ts';
import { ActivityStatsRepository } from '#server/modules/activities/activity-stats.repository.ts';
import { CacheGenerationsRepository } from '#server/modules/cache-generations/cache-generations.repository.ts';
import { LoginThrottleRepository } from '#server/modules/auth/login-throttle.repository.ts';
import { SessionsRepository } from '#server/modules/auth/sessions.repository.ts';
import { SsoRepository } from '#server/modules/auth/sso.repository.ts';
import { UserIdentitiesRepository } from '#server/modules/auth/user-identities.repository.ts';
import { ChannelsRepository } from '#server/modules/configuration/channels.repository.ts';
import { ProductsRepository } from '#server/modules/configuration/products.repository.ts';
import { TargetsRepository } from '#server/modules/configuration/targets.repository.ts';
import { ConsentsRepository } from '#server/modules/consents/consents.repository.ts';
import { DashboardRepository } from '#server/modules/dashboard/dashboard.repository.ts';
import { DoctorOfficesRepository } from '#server/modules/doctors/doctor-offices.repository.ts';
import { DoctorSearchRepository } from '#server/modules/doctors/doctor-search.repository.ts';
import { doctorSearchRows } from '#server/modules/doctors/doctor-search.ts';
import { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { MailOutboxRepository } from '#server/modules/mail/mail-outbox.repository.ts';
import { PasswordTokensRepository } from '#server/modules/password-links/password-tokens.repository.ts';
import type { OfficeDoctorsFilter, OfficeListFilter } from '#server/modules/offices/offices.repository.ts';
import { OfficesRepository } from '#server/modules/offices/offices.repository.ts';
import { RecentDoctorsRepository } from '#server/modules/recent-doctors/recent-doctors.repository.ts';
import { SettingsRepository } from '#server/modules/settings/settings.repository.ts';
import { ActivityTombstonesRepository } from '#server/modules/sync/activity-tombstones.repository.ts';
import { SyncRepository } from '#server/modules/sync/sync.repository.ts';
import { UsersRepository } from '#server/modules/users/users.repository.ts';
import { queriesOf, type RepositoryQueries } from './calls.ts';
import { mailRegistry } from './registry-mail.ts';
import { transparencyRegistry } from './registry-transparency.ts';
import { directoryImportRegistry } from './registry-directory-import.ts';
import { cyclesRegistry } from './registry-cycles.ts';
import {
  activityRow,
  at,
  doctorRow,
  idempotencyRow,
  mailRow,
  clock,
  consentRow,
  identityRow,
  ids,
  later,
  officeRow,
  periods,
  sessionRow,
  ssoAttemptRow,
  ssoHandoffRow,
  targetRow,
  userRow,
  channelRow,
  channelChange,
  productRow,
  productChange,
  targetChange,
} from './samples.ts';

/*
 * Every public method of every repository, called once per shape of its SQL (a list filtered or not, one
 * typed word or several…). A method added without its calls here makes `npm run sql:check` fail, naming it.
 */

const own = (status: ActivityListFilter['status']): ActivityListFilter => ({
  scope: { kind: 'owner', ownerId: ids.user },
  status,
  range: undefined,
  now: at,
});
/** The kept counts of 'parc' and 'lyon', so the search plan picks a driving word and the statements run. */
const officeWordCounts = [
  { prefix: 'parc', offices: 12 },
  { prefix: 'lyon', offices: 40 },
];
const syncWindow = { start: '2025-09-02T09:00:00.000Z', end: '2026-09-02T09:00:00.000Z' };
const month = { start: '2026-03-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z' };
const ownMonth: ActivityListFilter = { ...own(undefined), range: month };
const doctorsOfManagees: ActivityListFilter = {
  scope: { kind: 'doctor', doctorId: ids.doctor, ownedBy: { userOrManageesOf: ids.user } },
  status: undefined,
  range: undefined,
  now: at,
};
const doctorsOfAnyone: ActivityListFilter = {
  ...doctorsOfManagees,
  scope: { kind: 'doctor', doctorId: ids.doctor, ownedBy: 'anyone' },
};
/** The list filters, each one shape of the activity lists' SQL. */
const activityFilters: [string, ActivityListFilter][] = [
  ['owner, upcoming', own('upcoming')],
  ['owner, incomplete', own('incomplete')],
  ['owner, done', own('done')],
  ['owner, waiting approval', own('waiting_approval')],
  ['owner, a date range', ownMonth],
  ["a doctor's, of the user and their managees", doctorsOfManagees],
  ["a doctor's, of anyone", doctorsOfAnyone],
];

const searchWords = doctorSearchRows(ids.doctor, { firstName: 'Marie', lastName: 'Dupont', rpps: '10001234567' });

const noOfficeFilter: OfficeListFilter = { terms: [], specialties: [] };
const officeDoctors: OfficeDoctorsFilter = { terms: [], specialties: [], target: undefined, userId: ids.user };
const filteredOfficeDoctors: OfficeDoctorsFilter = {
  terms: ['dup'],
  specialties: ['Cardiology', 'Neurology'],
  target: ids.target,
  userId: ids.user,
};

export const registry: RepositoryQueries[] = [
  queriesOf(
    ActivitiesRepository,
    {
      findById: { args: () => [ids.activity] },
      page: activityFilters.map(([shape, filter]) => ({
        shape,
        // A doctor's list without status is their timeline (upcoming first, then the past).
        args: () => [filter, { offset: 0, limit: 20, order: filter.scope.kind === 'doctor' ? 'timeline' : 'asc' }],
      })),
      count: activityFilters.map(([shape, filter]) => ({ shape, args: () => [filter], rows: [{ count: 0 }] })),
      calendar: [
        { shape: 'owner', args: () => [ownMonth] },
        { shape: "a doctor's, of the user and their managees", args: () => [{ ...doctorsOfManagees, range: month }] },
      ],
      pendingFor: { args: () => [ids.manager] },
      insert: { args: () => [activityRow] },
      update: { args: () => [ids.activity, { done: 1, done_at: at, updated_at: at }] },
      delete: { args: () => [ids.activity] },
    },
    { helpers: ['filtered'] },
  ),
  queriesOf(ActivityExtrasRepository, {
    // Three ids: the IN list is padded to four, a power of two.
    forActivities: { args: () => [[ids.activity, 'activity-2', 'activity-3']] },
    replaceProducts: { args: () => [ids.activity, [ids.product, 'product-2']] },
    replaceAttendees: {
      args: () => [
        ids.activity,
        [
          { id: ids.doctor, name: 'Marie Dupont' },
          { id: ids.otherDoctor, name: 'Jean Durand' },
        ],
      ],
    },
  }),
  queriesOf(ActivityStatsRepository, { stats: { args: () => [ids.user, at] } }),
  queriesOf(CacheGenerationsRepository, {
    current: { args: () => ['doctors'] },
    // Two names, bumped in name order.
    bump: { args: () => [['offices', 'doctors']] },
  }),
  queriesOf(LoginThrottleRepository, {
    failuresSince: { args: () => ['rep@example.fr', at], rows: [{ count: 0, oldest: null }] },
    recordFailure: { args: () => [['rep@example.fr', 'ip:127.0.0.1'], at] },
    clear: { args: () => ['rep@example.fr'] },
    deleteBefore: { args: () => [at] },
  }),
  queriesOf(SessionsRepository, {
    insert: { args: () => [sessionRow] },
    findActiveUser: { args: () => [ids.session, at] },
    touch: { args: () => [ids.session, at] },
    listOpenOfUser: { args: () => [ids.user, at] },
    findSsoIdToken: { args: () => [ids.session] },
    revoke: { args: () => [ids.session, at] },
    revokeOfUser: { args: () => [ids.user, ids.session, at] },
    revokeAllOf: [
      { shape: 'every session', args: () => [ids.user, at] },
      { shape: 'all but the current one', args: () => [ids.user, at, ids.session] },
    ],
  }),
  queriesOf(SsoRepository, {
    insertAttempt: { args: () => [ssoAttemptRow] },
    takeAttempt: { args: () => ['state-hash'] },
    deleteAttemptsExpiredBefore: { args: () => [at] },
    insertHandoff: { args: () => [ssoHandoffRow] },
    takeHandoff: { args: () => ['handoff-1'] },
    deleteHandoffsExpiredBefore: { args: () => [at] },
  }),
  queriesOf(UserIdentitiesRepository, {
    findUserId: { args: () => ['https://login.example.fr', 'subject-1'] },
    findOfUser: { args: () => [ids.user, 'https://login.example.fr'] },
    listOfUser: { args: () => [ids.user] },
    insert: { args: () => [identityRow] },
    recordLogin: { args: () => ['https://login.example.fr', 'subject-1', at] },
  }),
  queriesOf(ChannelsRepository, {
    listActive: { args: () => [] },
    listAll: { args: () => [] },
    findById: { args: () => [ids.channel] },
    nameTaken: [
      { shape: 'a new channel', args: () => ['Visio', null] },
      { shape: 'another than the one changed', args: () => ['Visio', ids.channel] },
    ],
    hasActivities: { args: () => [ids.channel], rows: [{ used: 0 }] },
    insert: { args: () => [channelRow] },
    update: { args: () => [ids.channel, channelChange] },
    delete: { args: () => [ids.channel] },
  }),
  queriesOf(ProductsRepository, {
    listAll: { args: () => [] },
    listAssigned: { args: () => [ids.user] },
    findById: { args: () => [ids.product] },
    nameTaken: [
      { shape: 'a new product', args: () => ['Cardio', null] },
      { shape: 'another than the one changed', args: () => ['Cardio', ids.product] },
    ],
    references: { args: () => [ids.product], rows: [{ activities: 0, users: 0 }] },
    insert: { args: () => [productRow] },
    update: { args: () => [ids.product, productChange] },
    delete: { args: () => [ids.product] },
  }),
  queriesOf(TargetsRepository, {
    list: [
      { shape: 'all', args: () => [{ active: undefined }] },
      { shape: 'active only', args: () => [{ active: true }] },
    ],
    findById: { args: () => [ids.target] },
    nameTaken: [
      { shape: 'a new target', args: () => ['Cible A', null] },
      { shape: 'another than the one changed', args: () => ['Cible A', ids.target] },
    ],
    carriedByDoctors: { args: () => ['Cible A'], rows: [{ used: 0 }] },
    renameOnDoctors: { args: () => ['Cible A', 'Cible prioritaire'] },
    insert: { args: () => [targetRow] },
    update: { args: () => [ids.target, targetChange] },
    delete: { args: () => [ids.target] },
  }),
  queriesOf(
    ConsentsRepository,
    {
      lockDoctorChain: { args: () => [ids.doctor] },
      latest: { args: () => [ids.doctor] },
      history: { args: () => [ids.doctor] },
      findById: { args: () => [ids.consent] },
      image: { args: () => [ids.doctor, ids.consent] },
      hasRecords: { args: () => [ids.doctor] },
      insert: { args: () => [consentRow] },
      collectedCount: [
        { shape: 'all time', args: () => [ids.user, null], rows: [{ count: 0 }] },
        {
          shape: 'signed in a month',
          args: () => [ids.user, { from: month.start, to: month.end }],
          rows: [{ count: 0 }],
        },
      ],
      eligiblePage: [
        { shape: 'professional, no search', args: () => [{ choice: 'professional', terms: [] }, 0, 50] },
        { shape: 'congress, two words', args: () => [{ choice: 'congress', terms: ['du', 'ma'] }, 50, 50] },
        { shape: 'any consent, no search', args: () => [{ choice: null, terms: [] }, 0, 50] },
      ],
      eligibleCount: [
        { shape: 'general, no search', args: () => [{ choice: 'general', terms: [] }], rows: [{ count: 0 }] },
        { shape: 'general, one word', args: () => [{ choice: 'general', terms: ['du'] }], rows: [{ count: 0 }] },
      ],
      eligibleAmong: { args: () => [[ids.doctor, ids.otherDoctor], 'professional'] },
      chainPage: [
        { shape: 'first page', args: () => [null, 200] },
        { shape: 'after a record', args: () => [{ doctorId: ids.doctor, seq: 3 }, 200] },
      ],
      auditedPage: [
        { shape: 'first page', args: () => [null, 200] },
        { shape: 'after an entry', args: () => ['log-1', 200] },
      ],
      hashesOf: { args: () => [[ids.consent, 'consent-2']] },
    },
    { helpers: ['eligible'] },
  ),
  queriesOf(DashboardRepository, {
    counts: { args: () => [ids.user, periods] },
    today: { args: () => [ids.user, periods] },
    next: { args: () => [ids.user, at] },
    mail: { args: () => [ids.user, periods.weekStart], rows: [{ emailsSentThisWeek: 0, unreadMessages: null }] },
    campaigns: { args: () => [ids.user, periods], rows: [{ totalCampaigns: 0, campaignsSentThisMonth: 0 }] },
  }),
  queriesOf(DoctorOfficesRepository, {
    link: [
      { shape: 'primary', args: () => [ids.doctor, ids.office, true, at] },
      { shape: 'not primary', args: () => [ids.doctor, ids.office, false, at] },
    ],
    exists: { args: () => [ids.doctor, ids.office] },
    unlink: { args: () => [ids.doctor, ids.office] },
    setPrimary: { args: () => [ids.doctor, ids.office] },
    linksByAge: { args: () => [ids.doctor] },
    refreshPrimaryOffice: { args: () => [[ids.doctor, ids.otherDoctor]] },
    doctorIdsOf: { args: () => [ids.office] },
    officeIdsOf: { args: () => [ids.doctor] },
    refreshOfficeSpecialties: { args: () => [[ids.office, ids.otherOffice]] },
  }),
  queriesOf(DoctorSearchRepository, {
    termMatches: { args: () => ['dup', 1000] },
    wordMatches: [
      { shape: 'one word', args: () => ['dupont', []] },
      { shape: 'with two other words', args: () => ['dupont', ['ma', 'car']] },
    ],
    prefixMatches: [
      { shape: 'one word: its kept count', args: () => ['du', []] },
      { shape: 'with two other words', args: () => ['du', ['ma', 'car']] },
    ],
    rankedPage: [
      {
        shape: 'one word of a word range, scored from its row',
        args: () => [
          { source: 'words', driving: 'dupont', others: [], terms: ['dupont'], userId: ids.user, offset: 0, limit: 50 },
        ],
      },
      {
        shape: 'a word range with one other word',
        args: () => [
          {
            source: 'words',
            driving: 'dupont',
            others: ['ma'],
            terms: ['dupont', 'ma'],
            userId: ids.user,
            offset: 0,
            limit: 50,
          },
        ],
      },
      {
        shape: 'a short prefix with one other word',
        args: () => [
          {
            source: 'prefixes',
            driving: 'du',
            others: ['marie'],
            terms: ['du', 'marie'],
            userId: ids.user,
            offset: 0,
            limit: 50,
          },
        ],
      },
    ],
    prefixPage: [
      {
        shape: 'one word, with its total',
        args: () => [{ prefix: 'du', others: [], userId: ids.user, offset: 0, limit: 50 }],
      },
      {
        shape: 'with one other word',
        args: () => [{ prefix: 'du', others: ['ma'], userId: ids.user, offset: 0, limit: 50 }],
      },
    ],
  }),
  queriesOf(DoctorsRepository, {
    findById: { args: () => [ids.doctor] },
    findForUser: { args: () => [ids.doctor, ids.user] },
    rppsOwner: { args: () => ['10001234567'] },
    canonicalId: { args: () => [ids.doctor] },
    recordTombstone: { args: () => [ids.doctor, at] },
    addAlias: { args: () => [{ alias_id: ids.otherDoctor, doctor_id: ids.doctor, created_at: at }] },
    userData: { args: () => [ids.user, ids.doctor] },
    offices: { args: () => [ids.doctor] },
    listItems: { args: () => [[ids.doctor, ids.otherDoctor], ids.user] },
    exportPage: [
      { shape: 'the first page', args: () => [ids.user, null, 1000] },
      {
        shape: 'after the last doctor sent',
        args: () => [ids.user, { lastName: 'durand', firstName: 'jeanne', id: ids.doctor }, 1000],
      },
    ],
    byRpps: { args: () => [['10001234567', '10001234568']] },
    insert: { args: () => [doctorRow] },
    update: { args: () => [ids.doctor, { phone: '0102030406', updated_at: at, updated_by: ids.user }] },
    touch: { args: () => [ids.doctor, at, ids.user] },
    // The doctor's prefix rows, read back as they are deleted, move the prefix counts.
    delete: { args: () => [ids.doctor], rows: [{ prefix: 'du' }] },
    replaceSearchIndex: { args: () => [ids.doctor, searchWords] },
    upsertUserData: [
      {
        shape: 'the target',
        args: () => [{ user_id: ids.user, doctor_id: ids.doctor, target: ids.target, updated_at: at }],
      },
      {
        shape: 'both targets',
        args: () => [
          { user_id: ids.user, doctor_id: ids.doctor, target: ids.target, potential_target: null, updated_at: at },
        ],
      },
    ],
    links: { args: () => [ids.doctor] },
  }),
  queriesOf(IdempotencyKeysRepository, {
    find: { args: () => [ids.user, 'key-1'] },
    insert: { args: () => [idempotencyRow] },
    deleteBefore: { args: () => [at] },
  }),
  queriesOf(
    LogsRepository,
    {
      record: {
        args: () => [
          {
            action: 'update',
            entityType: 'doctor',
            entityId: ids.doctor,
            changes: { phone: '0102030406' },
            user: { id: ids.user, email: 'rep@example.fr' },
          },
        ],
      },
      page: [
        { shape: 'the whole log, first page', args: () => [{}, { offset: 0, limit: 50 }] },
        {
          shape: 'from the end of a day, far into it',
          args: () => [{ before: later }, { offset: 9_950, limit: 50 }],
        },
        {
          shape: 'one user, an action, an entity type and a period',
          args: () => [
            { userId: ids.user, action: 'update', entityType: 'doctor', from: at, before: later },
            { offset: 50, limit: 50 },
          ],
        },
      ],
      count: [
        { shape: 'after the counted days', args: () => [{ from: at }], rows: [{ count: 0 }] },
        {
          shape: 'one user, an action, an entity type and a period',
          args: () => [{ userId: ids.user, action: 'update', entityType: 'doctor', from: at, before: later }],
          rows: [{ count: 0 }],
        },
      ],
      countedUntil: { args: () => [], rows: [{ value: at }] },
      moveCountedUntil: { args: () => [at, later] },
      insertDayCounts: { args: () => [at, later] },
      countedTotal: [
        { shape: 'every day before', args: () => [{ toDay: '2026-03-09' }], rows: [{ total: 0 }] },
        {
          shape: 'an action and an entity type over a period',
          args: () => [{ action: 'update', entityType: 'doctor', fromDay: '2026-03-02', toDay: '2026-03-09' }],
          rows: [{ total: 0 }],
        },
      ],
      countedDays: { args: () => [{ action: 'login', toDay: '2026-03-09' }] },
      distinctValues: [
        { shape: 'actions', args: () => ['action'] },
        { shape: 'entity types', args: () => ['entity_type'] },
      ],
      distinctKindsOf: { args: () => [ids.user] },
      users: { args: () => [] },
      deleteAll: { args: () => [], rows: [{ count: 0 }] },
      deleteCounts: { args: () => [] },
    },
    { create: () => new LogsRepository(clock) },
  ),
  queriesOf(
    OfficesRepository,
    {
      findById: { args: () => [ids.office] },
      findWithCount: { args: () => [ids.office] },
      byIds: { args: () => [[ids.office]] },
      byNames: { args: () => [['cabinet du parc']] },
      page: [
        { shape: 'unfiltered', args: () => [noOfficeFilter, 0, 20] },
        { shape: 'two specialties', args: () => [{ terms: [], specialties: ['Cardiology', 'Neurology'] }, 0, 20] },
        {
          shape: 'one word: a range of the prefix index',
          args: () => [{ terms: ['parc'], specialties: [] }, 0, 20],
          rows: [{ prefix: 'parc', offices: 12 }],
        },
        {
          shape: 'two words and two specialties',
          args: () => [{ terms: ['parc', 'lyon'], specialties: ['Cardiology', 'Neurology'] }, 0, 20],
          rows: officeWordCounts,
        },
      ],
      count: [
        { shape: 'unfiltered', args: () => [noOfficeFilter], rows: [{ count: 0 }] },
        { shape: 'specialties only', args: () => [{ terms: [], specialties: ['Cardiology', 'Neurology'] }] },
        {
          shape: 'one word of 1-4 characters: its kept count',
          args: () => [{ terms: ['par'], specialties: [] }],
          rows: [{ prefix: 'par', offices: 12 }],
        },
        {
          shape: 'two words and two specialties',
          args: () => [{ terms: ['parc', 'lyon'], specialties: ['Cardiology', 'Neurology'] }],
          rows: officeWordCounts,
        },
      ],
      specialties: { args: () => [] },
      insert: { args: () => [officeRow] },
      update: [
        {
          shape: "a column searches don't read",
          args: () => [ids.office, { phone: '0478000001', updated_at: at, updated_by: ids.user }],
        },
        {
          shape: 'renamed: its search rows replaced',
          args: () => [
            ids.office,
            { name: 'Cabinet des Lilas', name_norm: 'cabinet des lilas', updated_at: at, updated_by: ids.user },
          ],
          rows: [{ id: ids.office, name_norm: officeRow.name_norm, search_text: officeRow.search_text }],
        },
      ],
      delete: {
        args: () => [ids.office],
        rows: [{ id: ids.office, name_norm: officeRow.name_norm, search_text: officeRow.search_text }],
      },
      doctorsPage: [
        { shape: 'unfiltered', args: () => [ids.office, officeDoctors, 0, 20] },
        { shape: 'a word, two specialties and a target', args: () => [ids.office, filteredOfficeDoctors, 0, 20] },
      ],
      doctorsCount: [
        { shape: 'unfiltered', args: () => [ids.office, officeDoctors] },
        { shape: 'a word, two specialties and a target', args: () => [ids.office, filteredOfficeDoctors] },
      ],
    },
    { helpers: ['searchPlan', 'listPage', 'listCount', 'searchColumns', 'replaceSearchIndex'] },
  ),
  queriesOf(RecentDoctorsRepository, {
    ids: { args: () => [ids.user] },
    record: { args: () => [ids.user, ids.doctor, at] },
    remove: { args: () => [ids.user, ids.doctor] },
    clear: { args: () => [ids.user] },
  }),
  queriesOf(SettingsRepository, {
    getOrCreate: { args: () => ['jwt_secret', () => 'secret'], rows: [{ value: 'secret' }] },
  }),
  queriesOf(ActivityTombstonesRepository, {
    record: { args: () => [{ id: ids.activity, owner_id: ids.user, deleted_at: at }] },
    after: [
      { shape: 'first pull', args: () => [ids.user, null, 501] },
      { shape: 'after a cursor', args: () => [ids.user, { at, id: ids.activity }, 501] },
    ],
  }),
  queriesOf(SyncRepository, {
    activitiesAfter: [
      { shape: 'first pull, in the window', args: () => [ids.user, null, syncWindow, 501] },
      { shape: 'after a cursor', args: () => [ids.user, { at, id: ids.activity }, null, 501] },
    ],
    doctorStamps: { args: () => [ids.user, syncWindow] },
    doctorTombstonesAfter: { args: () => [{ at, id: ids.doctor }, 501] },
    doctors: { args: () => [[ids.doctor, ids.otherDoctor], ids.user] },
    offices: { args: () => [[ids.doctor, ids.otherDoctor]] },
  }),
  queriesOf(MailOutboxRepository, {
    insert: { args: () => [mailRow] },
    dueIds: { args: () => ['transactional', at, 20] },
    claim: { args: () => [ids.mail, 'worker-1', at, later], rows: [{ id: ids.mail }] },
    renewClaim: { args: () => [ids.mail, 'worker-1', later] },
    finish: [
      {
        shape: 'sent, a secret erased',
        args: () => [ids.mail, 'worker-1', 1, { status: 'sent', at, eraseBodies: true }],
      },
      { shape: 'logged', args: () => [ids.mail, 'worker-1', 1, { status: 'logged', at, eraseBodies: false }] },
      {
        shape: 'retry later',
        args: () => [ids.mail, 'worker-1', 1, { status: 'pending', nextAttemptAt: later, error: 'ECONNREFUSED' }],
      },
      { shape: 'failed', args: () => [ids.mail, 'worker-1', 1, { status: 'failed', error: '550 unknown user' }] },
    ],
    claimBulkWithinPace: {
      args: () => [{ worker: 'worker-1', now: at, until: later, minuteAgo: at, perMinute: 60, limit: 20 }],
      rows: [{ sent: 0, claimed: 0, id: ids.mail }],
    },
    countsByRef: { args: () => ['campaign:1'] },
    deleteDeliveredBefore: { args: () => [at] },
  }),
  queriesOf(PasswordTokensRepository, {
    insert: {
      args: () => [
        {
          id: 'token-1',
          user_id: ids.user,
          purpose: 'invitation',
          token_hash: 'sha256-hex',
          created_at: at,
          expires_at: later,
          used_at: null,
        },
      ],
    },
    retireUnused: { args: () => [ids.user, at] },
    findUsable: { args: () => ['sha256-hex', at] },
    use: { args: () => ['token-1', at] },
    deleteEndedBefore: { args: () => [at] },
  }),
  queriesOf(UsersRepository, {
    findForLogin: { args: () => ['rep@example.fr'] },
    insert: { args: () => [userRow] },
    setManager: { args: () => [[ids.user], ids.manager, at] },
    list: [
      { shape: 'no search', args: () => [[], 0, 20] },
      { shape: 'two words', args: () => [['marie', 'dup'], 20, 20] },
    ],
    countMatching: [
      { shape: 'no search', args: () => [[]], rows: [{ count: 0 }] },
      { shape: 'one word', args: () => [['dup']], rows: [{ count: 0 }] },
    ],
    orgChart: { args: () => [] },
    findSummary: { args: () => [ids.user] },
    findByEmail: { args: () => ['rep@example.fr'] },
    findActiveByIds: { args: () => [[ids.user, ids.manager]] },
    update: { args: () => [ids.user, { is_admin: 1, read_write: 1, updated_at: at }] },
    countAdmins: { args: () => [], rows: [{ count: 1 }] },
    descendantIds: { args: () => [ids.manager] },
    ancestorIds: { args: () => [ids.user] },
    managerCandidates: [
      { shape: 'no search', args: () => [ids.user, [], 20] },
      { shape: 'one word', args: () => [ids.user, ['dup'], 20] },
    ],
    manageeCandidates: [
      { shape: 'no search', args: () => [ids.user, [], 20] },
      { shape: 'one word', args: () => [ids.user, ['dup'], 20] },
    ],
    productsOf: { args: () => [ids.user] },
    existingProductIds: { args: () => [[ids.product]] },
    removeProducts: { args: () => [ids.user] },
    addProducts: { args: () => [ids.user, [ids.product]] },
    setPassword: { args: () => [ids.user, 'hash', at] },
    findManagees: { args: () => [ids.manager] },
    findActive: { args: () => [ids.user] },
    lockHierarchy: { args: () => [] },
    moveManagees: { args: () => [ids.user, ids.manager, at] },
    markDeleted: { args: () => [ids.user, at] },
    searchEmails: [
      { shape: 'one word', args: () => [['dup'], 10] },
      { shape: 'two words', args: () => [['marie', 'dup'], 10] },
    ],
    recordLogin: { args: () => [ids.user, later] },
    count: { args: () => [], rows: [{ count: 0 }] },
    findSessionUser: { args: () => [ids.user] },
    insertIn: { args: () => [userRow] },
    findAccount: { args: () => [ids.user] },
    updateNames: {
      args: () => [
        ids.user,
        { first_name: 'Paul', last_name: 'Martin', display_name: 'Paul Martin', search_text: ' paul martin' },
        at,
      ],
    },
  }),
  ...mailRegistry,
  ...transparencyRegistry,
  ...directoryImportRegistry,
  ...cyclesRegistry,
];
