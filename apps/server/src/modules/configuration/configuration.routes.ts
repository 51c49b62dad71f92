import { TargetList, TargetListQuery } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '#server/http/openapi.ts';
import type { Services } from '#server/services.ts';

export const configurationRoutes: FastifyPluginAsyncZod<{ services: Services }> = (app, { services }) => {
  app.get(
    '/configuration/targets',
    {
      schema: {
        tags: ['configuration'],
        summary: 'Targets (active=true for the ones offered in selects)',
        querystring: TargetListQuery,
        response: { 200: TargetList, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ targets: await services.targets.list({ active: request.query.active }) }),
  );
  return Promise.resolve();
};
