import type { SessionUser } from '@crm/shared';

export function base64Url(value: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(value));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned-looking JWT carrying payload; the client never checks signatures. */
export function makeToken(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

export const REP_USER: SessionUser = {
  id: '0190a0c4-7a6b-7c1e-9f00-000000000003',
  email: 'rep@demo-crm.fr',
  displayName: 'Julien Lefèvre',
  firstName: 'Julien',
  lastName: 'Lefèvre',
  isAdmin: false,
  readWrite: true,
  managerId: '0190a0c4-7a6b-7c1e-9f00-000000000002',
};

export const DEMO_ADMIN_USER: SessionUser = {
  id: '0190a0c4-7a6b-7c1e-9f00-000000000001',
  email: 'demo@demo-crm.fr',
  displayName: 'Camille Durand',
  firstName: 'Camille',
  lastName: 'Durand',
  isAdmin: true,
  readWrite: true,
  managerId: null,
};
