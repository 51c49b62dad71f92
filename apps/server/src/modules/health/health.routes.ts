import { AppMeta, HealthStatus, ReadinessStatus } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { pendingMigrations } from '#server/db/migrate.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ config: Config; version: string; db: Db }> = (
  app,
  { config, version, db },
) => {
  // Kept trivial on purpose: clients call it every 30 s, and benchmarks use it as the baseline route.
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness check', response: { 200: HealthStatus } },
    },
    () => Promise.resolve({ status: 'ok' as const }),
  );

  // For an orchestrator running several processes: send traffic only to one whose database answers and has
  // every migration it knows. Not the web app's online check, which /health stays.
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness check: the database answers and has every migration (503 otherwise)',
        response: { 200: ReadinessStatus, 503: ReadinessStatus },
      },
    },
    async (_request, reply) => {
      const pending = await pendingMigrations(db).catch(() => null);
      const ready = pending !== null && pending.length === 0;
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not-ready',
        database: pending !== null,
        pendingMigrations: pending ?? [],
      });
    },
  );

  app.get(
    '/meta',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'What the sign-in page needs', response: { 200: AppMeta } },
    },
    () => Promise.resolve({ demoMode: config.demoMode, version }),
  );

  return Promise.resolve();
};
