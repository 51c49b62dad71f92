import type { SessionUser } from '@crm/shared';
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
