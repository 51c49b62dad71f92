import { LogClearResult, LogFilterOptions, LogList, LogListQuery } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { typedJsonSerializer } from '#server/http/serialize.ts';
import type { LogsService } from './logs.service.ts';

const tags = ['logs'];

export const logsRoutes: FastifyPluginAsyncZod<{ logs: LogsService }> = (app, { logs }) => {
  app.get(
    '/logs',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The audit log, newest first: every entry for administrators, one’s own for anyone else',
        description:
          'Filters: action, entityType, userId (administrators; anyone else may only name themself, else 403), ' +
          'and the period [startDate, endDate) of ISO instants. Page sizes 10, 20, 50 (default) and 100.',
        querystring: LogListQuery,
        response: { 200: LogList, ...errorResponses(400, 401, 403) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => logs.list(requireAuth(request), request.query),
  );

  app.get(
    '/logs/filters',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The actions, entity types and users the caller can filter the log by',
        response: { 200: LogFilterOptions, ...errorResponses(401) },
      },
    },
    (request) => logs.filterOptions(requireAuth(request)),
  );

  app.delete(
    '/logs',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Clear the whole audit log (administrators)',
        description: 'Leaves one entry (action clear, entityType audit_log) saying who cleared how many entries.',
        response: { 200: LogClearResult, ...errorResponses(401, 403) },
      },
    },
    (request) => logs.clear(requireAuth(request)),
  );
  return Promise.resolve();
};
