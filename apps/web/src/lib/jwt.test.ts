import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, isJwtShaped, sessionUserFromToken } from '@/lib/jwt';
import { base64Url, makeToken } from '@/test/tokens';

const user = {
  id: '0190a0c4-7a6b-7c1e-9f00-000000000001',
  email: 'manager@demo-crm.fr',
  displayName: 'Hélène Moreau',
  firstName: 'Hélène',
  lastName: 'Moreau',
  isAdmin: false,
  readWrite: true,
  managerId: null,
};

describe('isJwtShaped', () => {
  it.each([
    ['a.b.c', true],
    [makeToken(user), true],
    ['', false],
    ['abc', false],
    ['a.b', false],
    ['a.b.c.d', false],
    ['a..c', false],
    ['a.b.', false],
    ['a.b c.d', false],
    ['a.b+/.c', false],
  ])('%j → %s', (token, expected) => {
    expect(isJwtShaped(token)).toBe(expected);
  });
});

describe('decodeJwtPayload', () => {
  it('decodes the base64url JSON payload, accents included', () => {
    expect(decodeJwtPayload(makeToken({ ...user, iat: 1 }))).toEqual({ ...user, iat: 1 });
  });

  it.each([
    ['not three parts', 'abc.def'],
    ['payload not base64url', 'a.!!!.c'],
    ['payload not JSON', `a.${base64Url('not json')}.c`],
    ['payload not UTF-8', `a.${btoa('\xff\xfe').replace(/=+$/, '')}.c`],
  ])('answers null when the %s', (_case, token) => {
    expect(decodeJwtPayload(token)).toBeNull();
  });
});

describe('sessionUserFromToken', () => {
  it('reads the user carried by the token, leaving out other claims', () => {
    expect(sessionUserFromToken(makeToken({ ...user, sub: user.id, exp: 2_000_000_000 }))).toEqual(user);
  });

  it('reads the fields the token may leave out as null', () => {
    const { displayName: _d, firstName: _f, lastName: _l, managerId: _m, ...minimal } = user;
    expect(sessionUserFromToken(makeToken(minimal))).toEqual({
      ...minimal,
      displayName: null,
      firstName: null,
      lastName: null,
      managerId: null,
    });
  });

  it.each([
    ['is not a JWT', 'garbage'],
    ['payload is not an object', makeToken('user')],
    ['payload has no email', makeToken({ ...user, email: undefined })],
    ['payload has no id', makeToken({ ...user, id: undefined })],
    ['flags are not booleans', makeToken({ ...user, isAdmin: 'true' })],
  ])('answers null when the %s', (_case, token) => {
    expect(sessionUserFromToken(token)).toBeNull();
  });
});
