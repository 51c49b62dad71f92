import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults that run the product', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, demoMode: true, databaseUrl: undefined });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads the documented variables', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://crm@db:5432/crm',
      DEMO_MODE: 'false',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://crm@db:5432/crm',
      demoMode: false,
      jwtSecret: 'x'.repeat(40),
      smtpUrl: 'smtp://mail:25',
    });
  });

  it('reads the geocoder and the UGA file, with none for no remote geocoder', () => {
    expect(loadConfig({ GEOCODER_URL: 'none' }).geocoderUrl).toBeNull();
    expect(loadConfig({ GEOCODER_URL: 'http://127.0.0.1:9/' }).geocoderUrl).toBe('http://127.0.0.1:9/');
    expect(loadConfig({}).ugaFile).toMatch(/uga-sample\.topojson$/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DEMO_MODE', 'maybe'],
    ['DATABASE_URL', 'mysql://db'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['GEOCODER_URL', 'not a url'],
  ])('stops on a wrong %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*got '${value}'`));
  });

  describe('single sign-on', () => {
    const sso = {
      OIDC_ISSUER: 'https://login.microsoftonline.com/8d5e1a2b-0000-4000-8000-000000000000/v2.0',
      OIDC_CLIENT_ID: 'praxis-crm',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_REDIRECT_URI: 'https://crm.labo.fr/api/auth/sso/callback',
    };

    it('is off without OIDC_ISSUER', () => {
      expect(loadConfig({}).oidc).toBeNull();
    });

    it('reads the OIDC variables, with the default scopes, automatic creation off, and the sign-out return', () => {
      expect(loadConfig(sso).oidc).toEqual({
        issuer: sso.OIDC_ISSUER,
        clientId: 'praxis-crm',
        clientSecret: 'secret',
        redirectUri: sso.OIDC_REDIRECT_URI,
        postLogoutRedirectUri: 'https://crm.labo.fr/login',
        scopes: 'openid email profile',
        autoCreateUsers: false,
      });
      const custom = loadConfig({ ...sso, OIDC_SCOPES: ' openid  email ', OIDC_AUTO_CREATE_USERS: 'true' });
      expect(custom.oidc).toMatchObject({ scopes: 'openid email', autoCreateUsers: true });
    });

    it('allows a public client, without a secret', () => {
      expect(loadConfig({ ...sso, OIDC_CLIENT_SECRET: undefined }).oidc?.clientSecret).toBeUndefined();
    });

    it.each([
      [{ OIDC_ISSUER: 'not a url' }, /OIDC_ISSUER: must be an http\(s\) URL/],
      [{ OIDC_ISSUER: 'http://idp.labo.fr' }, /OIDC_ISSUER: must be an https URL \(http only on loopback\)/],
      [{ OIDC_CLIENT_ID: undefined }, /OIDC_CLIENT_ID: required with OIDC_ISSUER/],
      [{ OIDC_REDIRECT_URI: undefined }, /OIDC_REDIRECT_URI: required with OIDC_ISSUER/],
      [
        { OIDC_REDIRECT_URI: 'https://crm.labo.fr/callback' },
        /OIDC_REDIRECT_URI: must end with \/api\/auth\/sso\/callback/,
      ],
      [{ OIDC_SCOPES: 'email profile' }, /OIDC_SCOPES: must include 'openid'/],
      [{ OIDC_AUTO_CREATE_USERS: 'perhaps' }, /OIDC_AUTO_CREATE_USERS: must be true or false/],
      [{ OIDC_ISSUER: undefined }, /OIDC_ISSUER: required with OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI/],
    ])('stops on %o', (change, message) => {
      expect(() => loadConfig({ ...sso, ...change })).toThrow(message);
    });

    it('accepts a provider in clear text on loopback (tests, a local Keycloak)', () => {
      expect(loadConfig({ ...sso, OIDC_ISSUER: 'http://127.0.0.1:8080/realms/labo' }).oidc?.issuer).toBe(
        'http://127.0.0.1:8080/realms/labo',
      );
    });
  });
});
