import { ChannelList, TargetList, TargetListQuery } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '#server/http/openapi.ts';
import type { ConfigurationService } from './configuration.service.ts';

export const configurationRoutes: FastifyPluginAsyncZod<{ configuration: ConfigurationService }> = (
  app,
  { configuration },
) => {
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
    async (request) => ({ targets: await configuration.targets({ active: request.query.active }) }),
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
    async () => ({ channels: await configuration.activeChannels() }),
  );
  return Promise.resolve();
};
