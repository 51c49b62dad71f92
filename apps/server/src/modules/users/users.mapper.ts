import type { Managee, SessionUser, UserEmail } from '@crm/shared';
import type { UserRow } from '#server/db/schema.ts';
import type { SessionUserRow } from './users.repository.ts';

export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin === 1,
    readWrite: row.read_write === 1,
    managerId: row.manager_id,
  };
}

export function toManagee(row: Pick<UserRow, 'id' | 'display_name' | 'email'>): Managee {
  return { id: row.id, displayName: row.display_name, email: row.email };
}

type NamedRow = Pick<UserRow, 'email' | 'display_name' | 'first_name' | 'last_name'>;

/** The name a user goes by: their display name, else their first and last names, else none. */
export function nameOf(row: NamedRow): string | null {
  if (row.display_name) return row.display_name;
  const full = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return full === '' ? null : full;
}

export const toUserEmail = (row: NamedRow): UserEmail => ({ email: row.email, displayName: nameOf(row) });
