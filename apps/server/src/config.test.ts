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
});
