import {
  Activity,
  ActivityInput,
  ActivityListQuery,
  ActivityListResult,
  ActivityStats,
  ActivityUpdate,
  CalendarActivityListResult,
  IdParams,
  PendingApprovalList,
  RejectInput,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { typedJsonSerializer } from '#server/http/serialize.ts';
import type { ActivitiesService } from './activities.service.ts';

const IDEMPOTENT = 'Accepts an Idempotency-Key header (UUID): a replay answers the first result.';

export const activitiesRoutes: FastifyPluginAsyncZod<{ activities: ActivitiesService }> = (app, { activities }) => {
  const tags = ['activities'];

  app.get(
    '/activities',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "The caller's own activities by status or date range (calendarView: the whole range, unpaged, with the calendar's fields only); with doctorId, the readable activities with that doctor",
        querystring: ActivityListQuery,
        response: { 200: z.union([ActivityListResult, CalendarActivityListResult]), ...errorResponses(400, 401) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => activities.list(requireAuth(request), request.query),
  );

  app.get(
    '/activities/stats',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Counts of the caller's activities by status, and of the managees' activities waiting for the caller",
        response: { 200: ActivityStats, ...errorResponses(401) },
      },
    },
    (request) => activities.stats(requireAuth(request)),
  );

  app.get(
    '/activities/pending-approvals',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The caller's managees' activities waiting for budget approval, with their owner",
        response: { 200: PendingApprovalList, ...errorResponses(401) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    async (request) => ({ activities: await activities.pendingApprovals(requireAuth(request)) }),
  );

  app.get(
    '/activities/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "An activity (the owner's, a managee's, or any for an admin)",
        params: IdParams,
        response: { 200: Activity, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => activities.get(requireAuth(request), request.params.id),
  );

  app.post(
    '/activities',
    {
      config: { access: 'signedIn', idempotent: true },
      schema: {
        tags,
        summary: `Create an activity owned by the caller; the id may come from the client. ${IDEMPOTENT}`,
        body: ActivityInput,
        response: { 201: Activity, ...errorResponses(400, 401, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await activities.create(requireAuth(request), request.body, request.idempotency)),
  );

  app.put(
    '/activities/:id',
    {
      config: { access: 'signedIn', idempotent: true },
      schema: {
        tags,
        summary: `Change some fields of the caller's activity, or mark it done with {done: true}. ${IDEMPOTENT}`,
        params: IdParams,
        body: ActivityUpdate,
        response: { 200: Activity, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => activities.update(requireAuth(request), request.params.id, request.body, request.idempotency),
  );

  app.delete(
    '/activities/:id',
    {
      config: { access: 'signedIn', idempotent: true },
      schema: {
        tags,
        summary: `Delete the caller's activity (not a done one). ${IDEMPOTENT}`,
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await activities.delete(requireAuth(request), request.params.id, request.idempotency);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/activities/:id/approve',
    {
      config: { access: 'signedIn', idempotent: true },
      schema: {
        tags,
        summary: `Approve the budget of a managee's waiting activity (the owner's manager only). ${IDEMPOTENT}`,
        params: IdParams,
        response: { 200: Activity, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => activities.approve(requireAuth(request), request.params.id, request.idempotency),
  );

  app.put(
    '/activities/:id/reject',
    {
      config: { access: 'signedIn', idempotent: true },
      schema: {
        tags,
        summary: `Reject the budget of a managee's waiting activity, with notes (the owner's manager only). ${IDEMPOTENT}`,
        params: IdParams,
        body: RejectInput,
        response: { 200: Activity, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => activities.reject(requireAuth(request), request.params.id, request.body.notes, request.idempotency),
  );

  return Promise.resolve();
};
