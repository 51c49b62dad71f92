import type { Account, AccountSession } from '@crm/shared';
import type { SessionRow, UserIdentitiesTable, UserRow } from '#server/db/schema.ts';
import type { SessionUserRow } from '#server/modules/users/users.repository.ts';
import { toSessionUser } from '#server/modules/users/users.mapper.ts';

export function toAccount(
  row: SessionUserRow & Pick<UserRow, 'password_hash' | 'created_at' | 'last_login'>,
  identities: Pick<UserIdentitiesTable, 'issuer' | 'created_at' | 'last_login_at'>[],
): Account {
  const { id, email, firstName, lastName, displayName, isAdmin, readWrite } = toSessionUser(row);
  return {
    id,
    email,
    firstName,
    lastName,
    displayName,
    isAdmin,
    readWrite,
    hasPassword: row.password_hash !== null,
    identities: identities.map((identity) => ({
      issuer: identity.issuer,
      linkedAt: identity.created_at,
      lastLoginAt: identity.last_login_at,
    })),
    createdAt: row.created_at,
    lastLogin: row.last_login,
  };
}

export function toAccountSession(
  row: Pick<SessionRow, 'id' | 'created_at' | 'last_used_at' | 'ip' | 'user_agent' | 'auth_method'>,
  currentSessionId: string,
): AccountSession {
  return {
    id: row.id,
    current: row.id === currentSessionId,
    method: row.auth_method,
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at ?? row.created_at,
  };
}
