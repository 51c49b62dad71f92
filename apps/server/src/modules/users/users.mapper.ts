import type { Managee, SessionUser } from '@crm/shared';
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
