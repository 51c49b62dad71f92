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

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DEMO_MODE', 'maybe'],
    ['DATABASE_URL', 'mysql://db'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
  ])('stops on a wrong %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*got '${value}'`));
  });
});
