import { AppMeta, HealthStatus } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ config: Config; version: string }> = (app, { config, version }) => {
  // Kept trivial on purpose: clients call it every 30 s, and benchmarks use it as the baseline route.
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness check', response: { 200: HealthStatus } },
    },
    () => Promise.resolve({ status: 'ok' as const }),
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
