import { DashboardStats } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { DashboardService } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = (app, { dashboard }) => {
  app.get(
    '/dashboard/stats',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['dashboard'],
        summary: "The caller's dashboard figures (defined in docs/dashboard.md)",
        response: { 200: DashboardStats, ...errorResponses(401) },
      },
    },
    (request) => dashboard.stats(requireAuth(request)),
  );

  return Promise.resolve();
};
