/**
 * What the audit log records, as closed lists: the server's writer accepts only these, and the web app names
 * and colours each one, so a new kind of entry is one line here that the compiler then asks for everywhere.
 * The words are the ones already stored (decision 0046): entries are never rewritten, so a word here is kept
 * for good once an entry carries it.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  // Directory: doctors and offices.
  'alias',
  'update_targets',
  'link_office',
  'unlink_doctor',
  'set_primary_office',
  // Activities and budgets.
  'done',
  'approve',
  'reject',
  // Consents: a signature is a 'create'; a withdrawal has its own word.
  'withdraw',
  // Mail and campaigns.
  'send',
  'move',
  // Sign-in, sessions and passwords.
  'login',
  'logout',
  'link_identity',
  'change_password',
  'end_session',
  'end_other_sessions',
  'password_reset_requested',
  'reset_password',
  'accept_invitation',
  // Administration of users.
  'update_permissions',
  'update_managees',
  'update_manager',
  'update_products',
  'send_password_link',
  // Transparence Santé: a semester's declaration exported; the directory's lists exported as CSV.
  'export',
  // The directory: a CSV file of doctors or offices imported (decision 0057).
  'import',
  // The national directory (RPPS) import: started, and ended with its counts.
  'import_start',
  'import_end',
  // Cycle plans: a plan's goals set (by hand, by segment or by import) and targets taken out of it.
  'set_goals',
  'remove_targets',
  // The log itself: the entry a clearing leaves behind.
  'clear',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record an entry is about. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'doctor',
  'office',
  'activity',
  'consent',
  'product',
  'channel',
  'target',
  'email',
  'campaign',
  'campaign_template',
  'audit_log',
  'benefit',
  'convention',
  'transparency_declaration',
  'directory_import',
  'cycle',
  'cycle_plan',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

const ACTIONS: ReadonlySet<string> = new Set(AUDIT_ACTIONS);
const ENTITY_TYPES: ReadonlySet<string> = new Set(AUDIT_ENTITY_TYPES);

/**
 * Whether a stored word is one of today's actions. The log's answers keep plain strings: an entry written by
 * another version of the server (older, or newer during a rolling update) must still be listed, not fail.
 */
export const isAuditAction = (value: string): value is AuditAction => ACTIONS.has(value);
export const isAuditEntityType = (value: string): value is AuditEntityType => ENTITY_TYPES.has(value);
