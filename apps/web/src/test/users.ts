import type { OrgChartUser, UserDetail, UserRef, UserSummary } from '@crm/shared';
import { DEMO_ADMIN_USER } from '@/test/tokens';

/** Users test data shaped like the API's answers. */

export const userId = (n: number) => `0190a0c4-7a6b-7c1e-9f00-${String(n).padStart(12, '0')}`;

export function userSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: userId(10),
    email: 'anne.martin@labo.fr',
    firstName: 'Anne',
    lastName: 'Martin',
    displayName: 'Anne Martin',
    isAdmin: false,
    readWrite: true,
    lastLogin: '2026-11-20T09:30:00.000Z',
    managerId: null,
    invitationPending: false,
    ...overrides,
  };
}

export function userDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    ...userSummary(),
    manager: null,
    managees: [],
    products: [],
    accountType: 'local',
    createdAt: '2026-01-05T08:00:00.000Z',
    ...overrides,
  };
}

export function userRef(user: Pick<UserSummary, 'id' | 'displayName' | 'email'>): UserRef {
  return { id: user.id, displayName: user.displayName, email: user.email };
}

export function orgChartUser(overrides: Partial<OrgChartUser> = {}): OrgChartUser {
  const { id, email, firstName, lastName, displayName, isAdmin, readWrite, managerId } = userSummary(overrides);
  return { id, email, firstName, lastName, displayName, isAdmin, readWrite, managerId };
}

/** The signed-in demo administrator, as GET /api/users/{id} answers for them. */
export const ADMIN_DETAIL = userDetail({
  id: DEMO_ADMIN_USER.id,
  email: DEMO_ADMIN_USER.email,
  firstName: DEMO_ADMIN_USER.firstName,
  lastName: DEMO_ADMIN_USER.lastName,
  displayName: DEMO_ADMIN_USER.displayName,
  isAdmin: true,
});
