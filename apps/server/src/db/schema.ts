import type {
  BenefitNature,
  CampaignStatus,
  ConventionObject,
  ConventionRegime,
  ConventionStatus,
  DeclarationLineKind,
  SkipReason,
  TemplateType,
} from '@crm/shared';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Table types. Columns are snake_case; repositories map rows to the spec's field names.
 * Portable choices (see docs/decisions/0002-portable-schema.md): ids are UUID strings,
 * times are ISO 8601 UTC strings, flags are 0/1 integers, JSON is text.
 */

export type UsersTable = {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  password_hash: string | null;
  is_admin: number;
  read_write: number;
  manager_id: string | null;
  last_login: string | null;
  created_at: string;
  updated_at: string;
  /** Set when an admin deletes the user: they can't sign in and appear in no list, but stay named where they acted. */
  deleted_at: string | null;
  /** The normalised words of the names and the address, each after a space (modules/users/user-search.ts). */
  search_text: string;
};

export type SessionsTable = {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
  /** written at most every few minutes (SESSION_TOUCH_INTERVAL_MS), so a request rarely writes */
  last_used_at: string | null;
  auth_method: SessionAuthMethod;
  /** the provider's ID token of a single-sign-on session: the hint its sign-out asks for */
  sso_id_token: string | null;
};

export type SessionAuthMethod = 'password' | 'sso';

/** A user's identity at an OpenID Connect provider (docs/decisions/0035). */
export type UserIdentitiesTable = {
  id: string;
  user_id: string;
  issuer: string;
  subject: string;
  /** the e-mail the provider gave when the identity was linked, for the audit and support */
  email: string | null;
  created_at: string;
  last_login_at: string | null;
};

/** A single sign-on started at the provider; its secrets are found by the state's hash (decision 0035). */
export type SsoAttemptsTable = {
  state_hash: string;
  /** hash of the random value of the browser's SSO cookie */
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  created_at: string;
  expires_at: string;
};

/** A signed-in identity waiting for the web app to exchange its one-time code for a session (decision 0035). */
export type SsoHandoffsTable = {
  id: string;
  user_id: string;
  browser_hash: string;
  id_token: string;
  created_at: string;
  expires_at: string;
};

export type LoginFailuresTable = {
  id: Generated<number>;
  throttle_key: string;
  failed_at: string;
};

export type AppSettingsTable = {
  key: string;
  value: string;
};

export type AuditLogsTable = {
  id: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  metadata: string | null;
  changes: string | null;
  user_id: string | null;
  user_email: string | null;
  created_at: string;
};

/** Entries of one past UTC day ('2026-11-25') by action and entity type (decision 0030). */
export type AuditLogCountsTable = {
  day: string;
  action: string;
  entity_type: string;
  entries: number;
};

export type TargetsTable = {
  id: string;
  name: string;
  description: string | null;
  color: string;
  priority: number;
  active: number;
  created_at: string;
  updated_at: string;
};

export type DoctorsTable = {
  id: string;
  rpps: string;
  first_name: string;
  last_name: string;
  first_name_norm: string;
  last_name_norm: string;
  title: string | null;
  prefix: string | null;
  gender: string | null;
  email: string | null;
  phone: string | null;
  primary_specialty: string;
  secondary_specialty: string | null;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  /**
   * The primary office's id and the fields a list shows of it, copied from doctor_offices and offices
   * (docs/decisions/0011): a list row reads one table instead of three. Written only by
   * DoctorOfficesRepository.refreshPrimaryOffice and the bulk loads.
   */
  primary_office_id: string | null;
  primary_office_name: string | null;
  primary_office_address: string | null;
  primary_office_postal_code: string | null;
  primary_office_city: string | null;
  /** Since when the national directory no longer lists the doctor (decision 0055); null: listed, or never from it. */
  inactive_since?: string | null;
  /** What the directory last gave the doctor, hashed: an import finding the same writes nothing. */
  directory_digest?: string | null;
  /** The fields a person edited, comma-separated (DIRECTORY_FIELDS): an import leaves them as they are. */
  manual_fields?: string;
};

export type DoctorSearchWordsTable = {
  word: string;
  /** f: first name, l: last name, r: rpps */
  field: 'f' | 'l' | 'r';
  doctor_id: string;
  last_name_norm: string;
  first_name_norm: string;
  rpps: string;
  /** Longest start shared with an earlier word of the doctor: the row a search keeps has it below the typed length. */
  earlier_overlap: number;
  /** Longest start shared with a word of the doctor's other name (0 for the RPPS). */
  other_name_overlap: number;
};

export type DoctorSearchPrefixesTable = {
  prefix: string;
  /** 0 when the prefix starts a word of both names, 1 of one name, 2 only the RPPS: the spec's 100, 10 and 5. */
  name_tier: number;
  last_name_norm: string;
  first_name_norm: string;
  rpps: string;
  doctor_id: string;
  /** The doctor's word starts as a set of bits, checked before the names (doctor-search.ts, wordStarts). */
  word_starts: number;
};

/** How many doctors have each prefix of doctor_search_prefixes: a one-word search's total (docs/decisions/0012). */
export type DoctorPrefixCountsTable = {
  prefix: string;
  doctors: number;
};

/**
 * A counter per table family whose derived figures processes keep in memory, bumped with every change that can
 * move them (docs/decisions/0014).
 */
export type CacheGenerationsTable = {
  name: CacheGenerationName;
  generation: number;
};

/** 'doctors': the doctor search's match counts; 'offices': the office list's specialty filter totals. */
export type CacheGenerationName = 'doctors' | 'offices';

export type OfficesTable = {
  id: string;
  name: string;
  sector: string | null;
  address: string;
  postal_code: string;
  city: string;
  uga: string;
  uga_name: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  email: string | null;
  name_norm: string;
  /** the normalised words of the name, address, postal code, city and UGA, each after a space (office-search.ts) */
  search_text: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  /** The national directory's key: `Identifiant technique de la structure` (decision 0055). */
  directory_id?: string | null;
  /** The commune's INSEE code, as the directory gives it. */
  commune_code?: string | null;
  inactive_since?: string | null;
  directory_digest?: string | null;
  manual_fields?: string;
  /** 1: the address changed since it was last geocoded precisely; the geocoding batch takes it. */
  geocode_pending?: number;
};

/** The first 1 to 4 characters of each word of an office's search_text, keyed in list order (decision 0013). */
export type OfficeSearchPrefixesTable = {
  prefix: string;
  name_norm: string;
  office_id: string;
  /** for a 4-character prefix, the office's words it starts, each after a space; else '' */
  words: string;
};

/** How many offices have each prefix of office_search_prefixes (decision 0013). */
export type OfficePrefixCountsTable = {
  prefix: string;
  offices: number;
};

export type DoctorOfficesTable = {
  doctor_id: string;
  office_id: string;
  is_primary: number;
  created_at: string;
  /** 'directory' when the national directory's import made the link (and may remove it); else 'person'. */
  source?: 'directory' | 'person';
};

export type DirectoryImportsTable = {
  id: string;
  file_name: string;
  savoir_faire_file_name: string | null;
  status: 'running' | 'done' | 'failed';
  started_at: string;
  finished_at: string | null;
  lines_read: number;
  kept: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  inactivated: number;
  lines_per_second: number;
  /** A catalogue key when the import failed. */
  error: string | null;
  started_by: string | null;
  started_by_name: string;
};

/** A line an import could not read: its number in the file, the reason (a catalogue key) and the line. */
export type DirectoryImportRejectionsTable = {
  import_id: string;
  line_number: number;
  reason: string;
  content: string;
};

export type OfficeSpecialtiesTable = {
  office_id: string;
  specialty: string;
};

export type DoctorUserDataTable = {
  user_id: string;
  doctor_id: string;
  target: string | null;
  potential_target: string | null;
  updated_at: string;
};

export type RecentDoctorsTable = {
  user_id: string;
  doctor_id: string;
  viewed_at: string;
  /** The user's view count at this view: orders views of the same millisecond. */
  view_seq: Generated<number>;
};

export type ChannelsTable = {
  id: string;
  name: string;
  description: string | null;
  color: string;
  active: number;
  is_time_off: number;
  needs_budget_approval: number;
  position: number;
  created_at: string;
  updated_at: string;
};

export type ProductsTable = {
  id: string;
  name: string;
  description: string | null;
  active: number;
  created_at: string;
  updated_at: string;
};

export type UserProductsTable = {
  user_id: string;
  product_id: string;
};

export type ActivitiesTable = {
  id: string;
  owner_id: string;
  channel_id: string;
  title: string | null;
  start_at: string;
  end_at: string;
  all_day: number;
  duration: number | null;
  description: string | null;
  location: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  office_phone: string | null;
  office_email: string | null;
  office_id: string | null;
  doctor_id: string | null;
  doctor_name: string | null;
  precall_objectives: string | null;
  call_notes: string | null;
  next_call_objectives: string | null;
  /** euros × 100 */
  budget_cents: number | null;
  approval_status: string;
  approved_by: string | null;
  approved_at: string | null;
  approval_notes: string | null;
  acknowledge_rules: number;
  done: number;
  done_at: string | null;
  created_at: string;
  updated_at: string;
};

export type ActivityProductsTable = {
  activity_id: string;
  product_id: string;
};

export type ActivityAttendeesTable = {
  activity_id: string;
  doctor_id: string;
  name: string;
  position: number;
};

export type IdempotencyKeysTable = {
  user_id: string;
  key: string;
  method: string;
  path: string;
  body_hash: string;
  status_code: number;
  /** the first answer's JSON body */
  response: string;
  created_at: string;
};

/** A doctor created offline whose RPPS already existed: its client id names the existing doctor (decision 0020). */
export type DoctorAliasesTable = {
  alias_id: string;
  doctor_id: string;
  created_at: string;
};

/** A deleted activity, kept so that a device pulling changes since a cursor drops it (decision 0020). */
export type ActivityTombstonesTable = {
  id: string;
  owner_id: string;
  deleted_at: string;
};

/** A deleted doctor, kept so that devices pulling their slice drop it (decision 0020). */
export type DoctorTombstonesTable = {
  id: string;
  deleted_at: string;
};

/** A link to choose a password, stored as the SHA-256 of its secret (decision 0029). */
export type PasswordTokensTable = {
  id: string;
  user_id: string;
  purpose: 'invitation' | 'reset';
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** One outgoing e-mail and its delivery state (docs/decisions/0027). */
export type MailOutboxTable = {
  id: string;
  /** What the message is, named by the feature that wrote it: 'user.invitation', 'campaign.message'… */
  kind: string;
  stream: MailStream;
  /** What it belongs to ('campaign:<id>'), so a feature can count its messages by status. */
  ref: string | null;
  /** Unique when set: what the message must be sent once for ('campaign-recipient:<id>'). */
  once_key: string | null;
  /** null: MAIL_FROM */
  from_address: string | null;
  reply_to: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** extra headers as a JSON object (List-Unsubscribe…) */
  headers: string | null;
  /** 1: the bodies carry a secret (a sign-in link) and are blanked once the message has gone */
  confidential: number;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

/** transactional: as soon as possible; bulk: at most MAIL_BULK_PER_MINUTE across every process. */
export type MailStream = 'transactional' | 'bulk';
export type MailStatus = 'pending' | 'sent' | 'logged' | 'failed';

/**
 * One consent record, kept as evidence (docs/decisions/0023): append-only (triggers refuse UPDATE and DELETE),
 * chained by record_hash to the doctor's previous record (seq - 1).
 */
export type ConsentRecordsTable = {
  id: string;
  /** 1, 2, 3… per doctor; unique with doctor_id. */
  seq: number;
  /** No foreign key: the evidence outlives the doctor's row. */
  doctor_id: string;
  kind: 'signature' | 'withdrawal';
  professional_consent: number;
  congress_consent: number;
  general_consent: number;
  /** The decoded PNG or JPEG bytes; null for a withdrawal. */
  signature_image: Buffer | null;
  signature_mime_type: 'image/png' | 'image/jpeg' | null;
  /** hex SHA-256 of signature_image */
  image_sha256: string | null;
  /** when the doctor signed on the device (or the server's time when the device gave none) */
  signed_at: string;
  /** when the server stored it */
  recorded_at: string;
  email: string | null;
  phone: string | null;
  withdrawal_requested_by: 'doctor' | 'rep' | null;
  withdrawal_reason: string | null;
  /** The language of the screen the doctor read the choices on. */
  language: 'fr' | 'en';
  /** The collector's user id, e-mail and display name at that moment; no foreign key (decision 0023). */
  collected_by: string;
  collector_email: string;
  collector_name: string | null;
  doctor_rpps: string;
  doctor_first_name: string;
  doctor_last_name: string;
  previous_hash: string | null;
  record_hash: string;
};

/** A message as sent, once (docs/decisions/0032). */
export type EmailsTable = {
  id: string;
  sender_id: string;
  sender_email: string;
  sender_name: string | null;
  subject: string;
  /** sanitised HTML (mailbox/rich-text.ts on the server) */
  body: string;
  body_text: string;
  /** normalizeForSearch of the subject, the sender and the body's text */
  search_text: string;
  /** JSON array of the recipients' addresses, as sent */
  recipients: string;
  parent_email_id: string | null;
  has_attachments: number;
  created_at: string;
};

/**
 * SQLite only (docs/decisions/0043): the mailbox search's trigram index, an FTS5 table without content whose
 * rowid is email_search_rows.id; triggers on emails keep both in step. `email_search` is the table's own
 * column, the left side of MATCH.
 */
export type EmailSearchTable = { rowid: number; search_text: string; email_search: string };

/** SQLite only: which message each row of email_search indexes. */
export type EmailSearchRowsTable = { id: number; email_id: string };

/** One holder's copy of a message: its own folder and read state. */
export type EmailCopiesTable = {
  id: string;
  email_id: string;
  owner_id: string;
  folder: 'inbox' | 'sent' | 'bin';
  /** where the copy came from, and where a restore from the bin puts it back */
  origin_folder: 'inbox' | 'sent';
  is_read: number;
  created_at: string;
};

export type EmailAttachmentsTable = {
  id: string;
  /** null until the message it was uploaded for is sent */
  email_id: string | null;
  uploader_id: string;
  file_name: string;
  /** the type the content shows, never the browser's claim */
  content_type: string;
  size: number;
  sha256: string;
  data: Buffer;
  created_at: string;
};

/** Each user's folder totals and inbox unread count, kept with every change to a copy. */
export type MailboxCountsTable = {
  user_id: string;
  inbox: number;
  sent: number;
  bin: number;
  unread: number;
};

export type CampaignTemplatesTable = {
  id: string;
  owner_id: string;
  name: string;
  type: TemplateType;
  description: string;
  subject: string;
  /** sanitised HTML with its {{placeholders}} */
  content: string;
  created_at: string;
};

/** A campaign as it was sent (docs/decisions/0033). */
export type CampaignsTable = {
  id: string;
  owner_id: string;
  owner_email: string;
  /** the {{senderName}} of every message */
  sender_name: string;
  name: string;
  template_id: string;
  template_name: string;
  template_type: TemplateType;
  language: 'fr' | 'en';
  /** the subject and sanitised HTML content sent, placeholders unfilled */
  subject: string;
  content: string;
  event_name: string | null;
  event_date: string | null;
  event_location: string | null;
  event_topics: string | null;
  status: CampaignStatus;
  recipient_count: number;
  /** JSON SkipCounts: who was left out and why */
  skipped: string;
  sent_count: number;
  failed_count: number;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  sent_at: string | null;
};

export type CampaignRecipientsTable = {
  id: string;
  campaign_id: string;
  doctor_id: string;
  status: 'pending' | 'queued' | 'skipped';
  skip_reason: SkipReason | null;
  outbox_id: string | null;
  unsubscribed_at: string | null;
};

/** The beneficiary as they were when a ledger row was written (the declaration outlives the directory's row). */
type BeneficiaryColumns = {
  doctor_id: string;
  doctor_rpps: string | null;
  doctor_first_name: string | null;
  doctor_last_name: string | null;
  doctor_office_name: string | null;
  doctor_address: string | null;
  doctor_postal_code: string | null;
  doctor_city: string | null;
};

/** A convention with a doctor (issue 31, decisions 0051 and 0052); amounts in cents TTC, dates YYYY-MM-DD. */
export type TransparencyConventionsTable = BeneficiaryColumns & {
  id: string;
  object: ConventionObject;
  other_object: string | null;
  signature_date: string | null;
  start_date: string;
  end_date: string | null;
  event_name: string | null;
  event_date: string | null;
  event_place: string | null;
  event_organiser: string | null;
  /** JSON: the planned items */
  items: string;
  total_amount_cents: number;
  regime: ConventionRegime;
  /** JSON: the authorisation thresholds it goes over */
  thresholds_exceeded: string;
  filing_deadline: string;
  status: ConventionStatus;
  activity_id: string | null;
  declared_on: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
};

/** A benefit, or a payment under a convention (nature fee), given to a doctor. */
export type TransparencyBenefitsTable = BeneficiaryColumns & {
  id: string;
  nature: BenefitNature;
  amount_cents: number;
  benefit_date: string;
  convention_id: string | null;
  activity_id: string | null;
  note: string | null;
  recorded_by: string;
  created_at: string;
  updated_at: string;
};

/** One export of a semester's declaration. */
export type TransparencyExportsTable = {
  id: string;
  semester: string;
  exported_at: string;
  exported_by: string;
  pending_only: number;
};

/** A declared line as last exported (decision 0052). */
export type TransparencyExportedLinesTable = {
  line_id: string;
  kind: DeclarationLineKind;
  semester: string;
  content_hash: string;
  first_export_id: string;
  first_exported_at: string;
  export_id: string;
  exported_at: string;
  corrections: number;
};

/** A cycle of the plans (issue 33, decision 0058); its status is derived from its days. */
export type CyclesTable = {
  id: string;
  name: string;
  /** Paris days, YYYY-MM-DD, first and last included */
  start_date: string;
  end_date: string;
  grace_period_days: number;
  over_threshold_percent: number;
  under_threshold_percent: number;
  reps_may_edit_goals: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

export type CycleChannelsTable = {
  cycle_id: string;
  channel_id: string;
  weight: number;
  position: number;
};

/** One rep's plan in one cycle. */
export type CyclePlansTable = {
  id: string;
  cycle_id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
};

/** A target doctor's goal through one channel; a doctor is a target while they have a row. */
export type CyclePlanGoalsTable = {
  plan_id: string;
  doctor_id: string;
  channel_id: string;
  goal: number;
  cap: number | null;
};

export type Database = {
  directory_imports: DirectoryImportsTable;
  directory_import_rejections: DirectoryImportRejectionsTable;
  cycles: CyclesTable;
  cycle_channels: CycleChannelsTable;
  cycle_plans: CyclePlansTable;
  cycle_plan_goals: CyclePlanGoalsTable;
  transparency_conventions: TransparencyConventionsTable;
  transparency_benefits: TransparencyBenefitsTable;
  transparency_exports: TransparencyExportsTable;
  transparency_exported_lines: TransparencyExportedLinesTable;
  campaign_templates: CampaignTemplatesTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  emails: EmailsTable;
  email_copies: EmailCopiesTable;
  email_search: EmailSearchTable;
  email_search_rows: EmailSearchRowsTable;
  email_attachments: EmailAttachmentsTable;
  mailbox_counts: MailboxCountsTable;
  mail_outbox: MailOutboxTable;
  password_tokens: PasswordTokensTable;
  channels: ChannelsTable;
  products: ProductsTable;
  user_products: UserProductsTable;
  activities: ActivitiesTable;
  activity_products: ActivityProductsTable;
  activity_attendees: ActivityAttendeesTable;
  idempotency_keys: IdempotencyKeysTable;
  activity_tombstones: ActivityTombstonesTable;
  doctor_aliases: DoctorAliasesTable;
  doctor_tombstones: DoctorTombstonesTable;
  targets: TargetsTable;
  doctors: DoctorsTable;
  doctor_search_words: DoctorSearchWordsTable;
  doctor_search_prefixes: DoctorSearchPrefixesTable;
  doctor_prefix_counts: DoctorPrefixCountsTable;
  cache_generations: CacheGenerationsTable;
  offices: OfficesTable;
  office_search_prefixes: OfficeSearchPrefixesTable;
  office_prefix_counts: OfficePrefixCountsTable;
  doctor_offices: DoctorOfficesTable;
  office_specialties: OfficeSpecialtiesTable;
  doctor_user_data: DoctorUserDataTable;
  recent_doctors: RecentDoctorsTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_identities: UserIdentitiesTable;
  sso_attempts: SsoAttemptsTable;
  sso_handoffs: SsoHandoffsTable;
  login_failures: LoginFailuresTable;
  app_settings: AppSettingsTable;
  audit_logs: AuditLogsTable;
  audit_log_counts: AuditLogCountsTable;
  consent_records: ConsentRecordsTable;
};

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewAuditLogRow = Insertable<AuditLogsTable>;
