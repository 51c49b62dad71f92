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
};

export type SessionsTable = {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
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

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  app_settings: AppSettingsTable;
  audit_logs: AuditLogsTable;
};

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewAuditLogRow = Insertable<AuditLogsTable>;
