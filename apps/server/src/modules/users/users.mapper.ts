import type { Managee, OrgChartUser, SessionUser, UserDetail, UserEmail, UserRef, UserSummary } from '@crm/shared';
import type { UserRow } from '#server/db/schema.ts';
import type { SessionUserRow, UserSummaryRow } from './users.repository.ts';

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

type RefRow = Pick<UserRow, 'id' | 'email' | 'display_name' | 'first_name' | 'last_name'>;

export const toUserRef = (row: RefRow): UserRef => ({ id: row.id, email: row.email, displayName: nameOf(row) });

/** SQLite answers a comparison as 0/1, PostgreSQL as a boolean. */
const isTrue = (value: unknown): boolean => value === true || value === 1;

export function toUserSummary(row: UserSummaryRow): UserSummary {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    isAdmin: row.is_admin === 1,
    readWrite: row.read_write === 1,
    lastLogin: row.last_login,
    managerId: row.manager_id,
    invitationPending: isTrue(row.invitation_pending),
  };
}

/** The org chart shows each user with the fields their session carries. */
export const toOrgChartUser: (row: SessionUserRow) => OrgChartUser = toSessionUser;

export function toUserDetail(
  row: UserSummaryRow,
  related: {
    manager: RefRow | undefined;
    managees: RefRow[];
    products: { id: string; name: string; active: number }[];
  },
): UserDetail {
  const summary = toUserSummary(row);
  return {
    ...summary,
    manager: related.manager ? toUserRef(related.manager) : null,
    managees: related.managees.map(toUserRef),
    products: related.products.map((product) => ({ id: product.id, name: product.name, active: product.active === 1 })),
    // Single sign-on accounts (issue 17) will answer 'sso'.
    accountType: summary.invitationPending ? 'invited' : 'local',
    createdAt: row.created_at,
  };
}
