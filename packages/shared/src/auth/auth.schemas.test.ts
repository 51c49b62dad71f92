import { describe, expect, it } from 'vitest';
import { LoginBody } from './auth.schemas.ts';
import { DEMO_ACCOUNTS, DEMO_ADMIN_EMAIL, isDemoAdmin } from './demo.ts';

const messagesOf = (input: unknown) => {
  const result = LoginBody.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('LoginBody', () => {
  it('accepts an e-mail and a password, trimming the e-mail', () => {
    expect(LoginBody.parse({ email: '  rep@demo-crm.fr ', password: 'Demo1234!' })).toEqual({
      email: 'rep@demo-crm.fr',
      password: 'Demo1234!',
    });
  });

  it('requires the e-mail', () => {
    expect(messagesOf({ password: 'x' })).toEqual({ email: 'validation.required' });
    expect(messagesOf({ email: '   ', password: 'x' })).toEqual({ email: 'validation.required' });
  });

  it('requires a valid e-mail', () => {
    for (const email of ['rep', 'rep@', '@demo-crm.fr', 'rep demo@demo-crm.fr']) {
      expect(messagesOf({ email, password: 'x' })).toEqual({ email: 'validation.email' });
    }
  });

  it("requires the password ('Please input your password!')", () => {
    expect(messagesOf({ email: 'rep@demo-crm.fr', password: '' })).toEqual({ password: 'auth.passwordRequired' });
    expect(messagesOf({ email: 'rep@demo-crm.fr' })).toEqual({ password: 'auth.passwordRequired' });
  });

  it('keeps the password as typed, spaces included', () => {
    expect(LoginBody.parse({ email: 'rep@demo-crm.fr', password: ' a b ' }).password).toBe(' a b ');
  });
});

describe('demo accounts', () => {
  it('are the four accounts of the design, with the manager above the two representatives', () => {
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual([
      'demo@demo-crm.fr',
      'manager@demo-crm.fr',
      'rep@demo-crm.fr',
      'reader@demo-crm.fr',
    ]);
    const managed = DEMO_ACCOUNTS.filter((a) => a.managerEmail === 'manager@demo-crm.fr').map((a) => a.email);
    expect(managed).toEqual(['rep@demo-crm.fr', 'reader@demo-crm.fr']);
    expect(DEMO_ACCOUNTS.find((a) => a.email === 'reader@demo-crm.fr')?.readWrite).toBe(false);
  });

  it('only the demo administrator is the demo administrator', () => {
    expect(isDemoAdmin({ email: DEMO_ADMIN_EMAIL })).toBe(true);
    expect(isDemoAdmin({ email: 'DEMO@demo-crm.fr' })).toBe(true);
    expect(isDemoAdmin({ email: 'manager@demo-crm.fr' })).toBe(false);
    expect(isDemoAdmin(null)).toBe(false);
  });
});
