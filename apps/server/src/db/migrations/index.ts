import type { Migration } from 'kysely';
import * as m202611220000 from './202611220000_create_users_sessions_and_audit_logs.ts';
import * as m202611220100 from './202611220100_create_directory.ts';
import * as m202611230000 from './202611230000_rebuild_doctor_search_tables.ts';

/** Every migration, by name; names sort in the order they run. Never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '202611220000_create_users_sessions_and_audit_logs': m202611220000,
  '202611220100_create_directory': m202611220100,
  '202611230000_rebuild_doctor_search_tables': m202611230000,
};
