import { ChannelList, TargetList, TargetListQuery } from '@crm/shared';
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
  app.get(
    '/configuration/channels/active',
    {
      schema: {
        tags: ['configuration'],
        summary: 'Active channels in their configured order (the first is the activity form’s default)',
        response: { 200: ChannelList, ...errorResponses(401) },
      },
    },
    async () => ({ channels: await services.channels.listActive() }),
  );
  return Promise.resolve();
};
