import type { Clock } from '#server/core/clock.ts';
import type {
  ActivitiesTable,
  ConsentRecordsTable,
  DoctorsTable,
  IdempotencyKeysTable,
  MailOutboxTable,
  NewUserRow,
  OfficesTable,
  SessionsTable,
  SsoAttemptsTable,
  SsoHandoffsTable,
  UserIdentitiesTable,
  TargetsTable,
} from '#server/db/schema.ts';
import type { DashboardPeriods } from '#server/modules/dashboard/dashboard.repository.ts';

/** Fixed ids and times for the snapshot calls: readable, and the same on every run. */
export const ids = {
  user: 'user-1',
  manager: 'manager-1',
  doctor: 'doctor-1',
  otherDoctor: 'doctor-2',
  office: 'office-1',
  otherOffice: 'office-2',
  activity: 'activity-1',
  channel: 'channel-1',
  product: 'product-1',
  session: 'session-1',
  target: 'target-1',
  mail: 'mail-1',
  consent: 'consent-1',
} as const;

export const at = '2026-03-02T09:00:00.000Z';
export const clock: Clock = { now: () => new Date(at) };

export const later = '2026-03-09T09:00:00.000Z';

export const doctorRow: DoctorsTable = {
  id: ids.doctor,
  rpps: '10001234567',
  first_name: 'Marie',
  last_name: 'Dupont',
  first_name_norm: 'marie',
  last_name_norm: 'dupont',
  title: 'Dr',
  prefix: 'Dr',
  gender: 'F',
  email: 'marie.dupont@example.fr',
  phone: '0102030405',
  primary_specialty: 'Cardiology',
  secondary_specialty: null,
  created_at: at,
  updated_at: at,
  updated_by: ids.user,
  primary_office_id: null,
  primary_office_name: null,
  primary_office_address: null,
  primary_office_postal_code: null,
  primary_office_city: null,
};

export const officeRow: OfficesTable = {
  id: ids.office,
  name: 'Cabinet du Parc',
  sector: null,
  address: '1 rue du Parc',
  postal_code: '69001',
  city: 'Lyon',
  uga: '69001',
  uga_name: 'Lyon Centre',
  latitude: 45.76,
  longitude: 4.83,
  phone: '0478000000',
  email: null,
  name_norm: 'cabinet du parc',
  search_text: ' cabinet du parc 1 rue du parc 69001 lyon 69001 lyon centre',
  created_at: at,
  updated_at: at,
  updated_by: ids.user,
};

export const activityRow: ActivitiesTable = {
  id: ids.activity,
  owner_id: ids.user,
  channel_id: ids.channel,
  title: 'Visite',
  start_at: at,
  end_at: '2026-03-02T10:00:00.000Z',
  all_day: 0,
  duration: 60,
  description: null,
  location: null,
  address: null,
  postal_code: null,
  city: null,
  office_phone: null,
  office_email: null,
  office_id: ids.office,
  doctor_id: ids.doctor,
  doctor_name: 'Marie Dupont',
  precall_objectives: null,
  call_notes: null,
  next_call_objectives: null,
  budget_cents: null,
  approval_status: 'none',
  approved_by: null,
  approved_at: null,
  approval_notes: null,
  acknowledge_rules: 0,
  done: 0,
  done_at: null,
  created_at: at,
  updated_at: at,
};

export const sessionRow: SessionsTable = {
  id: ids.session,
  user_id: ids.user,
  created_at: at,
  expires_at: later,
  revoked_at: null,
  ip: '127.0.0.1',
  user_agent: 'snapshot',
  last_used_at: at,
  auth_method: 'password',
  sso_id_token: null,
};

export const identityRow: UserIdentitiesTable = {
  id: 'identity-1',
  user_id: ids.user,
  issuer: 'https://login.example.fr',
  subject: 'subject-1',
  email: 'rep@example.fr',
  created_at: at,
  last_login_at: at,
};

export const ssoAttemptRow: SsoAttemptsTable = {
  state_hash: 'state-hash',
  browser_hash: 'browser-hash',
  nonce: 'nonce',
  code_verifier: 'verifier',
  created_at: at,
  expires_at: later,
};

export const ssoHandoffRow: SsoHandoffsTable = {
  id: 'handoff-1',
  user_id: ids.user,
  browser_hash: 'browser-hash',
  id_token: 'id-token',
  created_at: at,
  expires_at: later,
};

export const userRow: NewUserRow = {
  id: ids.user,
  email: 'rep@example.fr',
  first_name: 'Paul',
  last_name: 'Martin',
  display_name: 'Paul Martin',
  search_text: ' paul martin paul martin rep example fr',
  password_hash: 'hash',
  is_admin: 0,
  read_write: 1,
  manager_id: ids.manager,
  last_login: null,
  created_at: at,
  updated_at: at,
};

export const targetRow: TargetsTable = {
  id: ids.target,
  name: 'Prescripteur',
  description: null,
  color: '#1677ff',
  priority: 1,
  active: 1,
  created_at: at,
  updated_at: at,
};

export const targetChange = {
  name: 'Prescripteur fort',
  description: 'Plus de dix prescriptions par mois',
  color: '#ff4d4f',
  priority: 80,
  active: 1,
  updated_at: later,
};

export const channelRow = {
  id: ids.channel,
  name: 'Visio',
  description: null,
  color: '#1890ff',
  active: 1,
  is_time_off: 0,
  needs_budget_approval: 0,
  created_at: at,
  updated_at: at,
};

export const channelChange = {
  name: 'Visioconférence',
  description: 'Rendez-vous vidéo',
  color: '#f5222d',
  active: 0,
  is_time_off: 0,
  needs_budget_approval: 0,
  updated_at: later,
};

export const productRow = {
  id: ids.product,
  name: 'Cardiozen',
  description: null,
  active: 1,
  created_at: at,
  updated_at: at,
};

export const productChange = {
  name: 'Cardiozen LP',
  description: 'Libération prolongée',
  active: 0,
  updated_at: later,
};

export const idempotencyRow: IdempotencyKeysTable = {
  user_id: ids.user,
  key: 'key-1',
  method: 'POST',
  path: '/api/activities',
  body_hash: 'hash',
  status_code: 201,
  response: '{}',
  created_at: at,
};

export const periods: DashboardPeriods = {
  now: at,
  weekStart: '2026-03-01T23:00:00.000Z',
  monthStart: '2026-02-28T23:00:00.000Z',
  nextMonthStart: '2026-03-31T22:00:00.000Z',
  todayStart: '2026-03-01T23:00:00.000Z',
  tomorrowStart: '2026-03-02T23:00:00.000Z',
  earliestTodayStart: '2026-02-22T23:00:00.000Z',
  contactedSince: '2026-01-31T23:00:00.000Z',
};

export const mailRow: MailOutboxTable = {
  id: ids.mail,
  kind: 'user.invitation',
  stream: 'transactional',
  ref: null,
  once_key: null,
  from_address: null,
  reply_to: null,
  to_address: 'new.rep@example.fr',
  subject: 'Bienvenue',
  text_body: 'Choisissez votre mot de passe',
  html_body: null,
  headers: null,
  confidential: 1,
  status: 'pending',
  attempts: 0,
  next_attempt_at: at,
  claimed_by: null,
  claimed_until: null,
  last_error: null,
  created_at: at,
  sent_at: null,
};

export const consentRow: ConsentRecordsTable = {
  id: ids.consent,
  seq: 1,
  doctor_id: ids.doctor,
  kind: 'signature',
  professional_consent: 1,
  congress_consent: 0,
  general_consent: 1,
  signature_image: Buffer.from('89504e470d0a1a0a', 'hex'),
  signature_mime_type: 'image/png',
  image_sha256: 'image-sha256',
  signed_at: at,
  recorded_at: at,
  email: 'marie.dupont@example.fr',
  phone: '0102030405',
  withdrawal_requested_by: null,
  withdrawal_reason: null,
  language: 'fr',
  collected_by: ids.user,
  collector_email: 'rep@example.fr',
  collector_name: 'Rep One',
  doctor_rpps: '10001234567',
  doctor_first_name: 'Marie',
  doctor_last_name: 'Dupont',
  previous_hash: null,
  record_hash: 'record-hash',
};
