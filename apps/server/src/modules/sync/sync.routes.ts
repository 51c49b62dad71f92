import {
  SYNC_BATCH_MAX_BYTES,
  SYNC_BATCH_MAX_CHANGES,
  SyncActivitiesResult,
  SyncChangesInput,
  SyncChangesResult,
  SyncDoctorsResult,
  SyncQuery,
  SyncReference,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorBody } from '#server/http/errors.ts';
import { requestLanguage } from '#server/http/i18n.ts';
import { inProcessCall } from '#server/http/in-process-call.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { typedJsonSerializer } from '#server/http/serialize.ts';
import { applyChanges } from './sync-changes.service.ts';
import type { SyncService } from './sync.service.ts';

const BY_CURSOR =
  'Pass the previous answer’s nextCursor as `since` (none for the first pull); pull again while hasMore. ' +
  'Oldest change first, at most `limit` (≤ 500) per page; a change may come twice, never not at all.';

export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncService }> = (app, { sync }) => {
  const tags = ['sync'];

  app.get(
    '/sync/activities',
    {
      config: { access: 'signedIn' },
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
      config: { access: 'signedIn' },
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
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The active channels in their order and the caller's products, for the offline activity form",
        response: { 200: SyncReference, ...errorResponses(401) },
      },
    },
    (request) => sync.reference(requireAuth(request)),
  );

  app.post(
    '/sync/changes',
    {
      config: { access: 'signedIn' },
      bodyLimit: SYNC_BATCH_MAX_BYTES,
      schema: {
        tags,
        summary:
          "Apply the device's queued changes in their order, each as its own call with its own Idempotency-Key, and answer what became of each",
        description:
          `At most ${SYNC_BATCH_MAX_CHANGES} changes and ${SYNC_BATCH_MAX_BYTES} bytes. Each change is a call the offline ` +
          'queue makes (POST /activities, PUT or DELETE /activities/{id}, POST /doctors, POST /doctors/{id}/signatures; ' +
          'anything else is refused with SYNC_CHANGE_NOT_ALLOWED), run through that route with the caller’s token and ' +
          'language: its validation, access rules, key and transaction are those of a call of its own. Each result gives ' +
          'the status and body that call answered, and an outcome: applied, replayed (the key already had an answer), ' +
          'conflict (409), refused (another 4xx) or failed (5xx). The first change neither applied nor replayed stops ' +
          'the batch: the changes after it are notTried, and may be sent again as they are.',
        body: SyncChangesInput,
        response: { 200: SyncChangesResult, ...errorResponses(400, 401, 413) },
      },
    },
    (request) => {
      requireAuth(request);
      return applyChanges(request.body.changes, inProcessCall(app, request), (error) =>
        errorBody(requestLanguage(request), error),
      );
    },
  );

  return Promise.resolve();
};
