import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Clock } from '#server/core/clock.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { type CreatedUser, createFactory, type Factory } from '#server/test/factory.ts';
import { createTestDatabase, engines } from '#server/test/harness.ts';

const HOUR_MS = 3_600_000;

/** A clock that stands still until the test moves it. */
function steppingClock(start: string): Clock & { advance(milliseconds: number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}

describe.each(engines())('services read the injected clock on %s', (engine) => {
  const clock = steppingClock('2026-03-02T09:00:00.000Z');
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let factory: Factory;
  let rep: CreatedUser;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const config = loadConfig({
      DEMO_MODE: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      GEOCODER_URL: 'none',
      SESSION_TTL_HOURS: '2',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '2',
      LOGIN_FAILURE_WINDOW_SECONDS: '60',
    });
    app = await buildApp({ config, db: database.db, clock });
    await app.ready();
    factory = createFactory(database.db);
    rep = await factory.user();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const login = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

  it('ends a session when the clock passes its lifetime, and dates the sign-in by the clock', async () => {
    const signedInAt = clock.now().toISOString();
    const response = await login(rep.email, rep.password);
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const session = await database.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', rep.id)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ created_at: signedInAt, expires_at: '2026-03-02T11:00:00.000Z' });
    const audit = await database.db
      .selectFrom('audit_logs')
      .select('created_at')
      .where('action', '=', 'login')
      .where('user_id', '=', rep.id)
      .executeTakeFirstOrThrow();
    expect(audit.created_at).toBe(signedInAt);

    clock.advance(2 * HOUR_MS - 1000);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(2000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('counts sign-in failures in the clock’s window and tells when to retry by it', async () => {
    expect((await login(rep.email, 'wrong-1')).statusCode).toBe(401);
    clock.advance(20_000);
    expect((await login(rep.email, 'wrong-2')).statusCode).toBe(401);

    const throttled = await login(rep.email, rep.password);
    expect(throttled.statusCode).toBe(429);
    // The oldest failure leaves the 60-second window 40 seconds from now.
    expect(throttled.headers['retry-after']).toBe('40');

    clock.advance(40_000);
    expect((await login(rep.email, rep.password)).statusCode).toBe(200);
  });

  it('turns an activity from upcoming to incomplete when the clock passes its start', async () => {
    const owner = await factory.user();
    const start = new Date(clock.now().getTime() + HOUR_MS).toISOString();
    const { id } = await factory.activity({ ownerId: owner.id, start });
    const signedIn = await login(owner.email, owner.password);
    const { token } = signedIn.json<{ token: string }>();
    const status = async () =>
      (
        await app.inject({ method: 'GET', url: `/api/activities/${id}`, headers: { authorization: `Bearer ${token}` } })
      ).json<{ status: string }>().status;

    expect(await status()).toBe('upcoming');
    clock.advance(HOUR_MS + 1000);
    expect(await status()).toBe('incomplete');
  });
});
