import { SyncActivitiesResult, SyncDoctorsResult, SyncQuery, SyncReference } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { typedJsonSerializer } from '#server/http/serialize.ts';
import type { SyncService } from './sync.service.ts';

const BY_CURSOR =
  'Pass the previous answer’s nextCursor as `since` (none for the first pull); pull again while hasMore. ' +
  'Oldest change first, at most `limit` (≤ 500) per page; a change may come twice, never not at all.';

export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncService }> = (app, { sync }) => {
  const tags = ['sync'];

  app.get(
    '/sync/activities',
    {
      schema: {
        tags,
        summary: "The caller's activities in the calendar window changed since the cursor, and the ids to drop",
        description: `${BY_CURSOR} removedIds: activities deleted since, or moved out of the window; apply them first.`,
        querystring: SyncQuery,
        response: { 200: SyncActivitiesResult, ...errorResponses(400, 401) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => sync.activities(requireAuth(request), request.query),
  );

  app.get(
    '/sync/doctors',
    {
      schema: {
        tags,
        summary:
          "The doctors the caller's activity form needs (recent, in their activities of the window, targeted), with offices, changed since the cursor",
        description:
          `${BY_CURSOR} removedIds: doctors deleted since (any doctor; drop those held). ` +
          'The last page (hasMore false) adds neededIds, every doctor the caller needs now: drop the others held.',
        querystring: SyncQuery,
        response: { 200: SyncDoctorsResult, ...errorResponses(400, 401) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => sync.doctors(requireAuth(request), request.query),
  );

  app.get(
    '/sync/reference',
    {
      schema: {
        tags,
        summary: "The active channels in their order and the caller's products, for the offline activity form",
        response: { 200: SyncReference, ...errorResponses(401) },
      },
    },
    (request) => sync.reference(requireAuth(request)),
  );

  return Promise.resolve();
};
