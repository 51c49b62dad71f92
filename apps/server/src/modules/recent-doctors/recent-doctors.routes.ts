import { DoctorList, RecentDoctorIds, RecentDoctorInput, RecentDoctorParams } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { typedJsonSerializer } from '#server/http/serialize.ts';
import type { RecentDoctorsService } from './recent-doctors.service.ts';

export const recentDoctorsRoutes: FastifyPluginAsyncZod<{ recentDoctors: RecentDoctorsService }> = (
  app,
  { recentDoctors },
) => {
  const tags = ['recent doctors'];

  app.get(
    '/recent-doctors',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'My recently viewed doctors, most recent first',
        response: { 200: DoctorList, ...errorResponses(401) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    async (request) => ({ doctors: await recentDoctors.list(requireAuth(request)) }),
  );

  app.get(
    '/recent-doctors/ids',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Ids of my recently viewed doctors',
        response: { 200: RecentDoctorIds, ...errorResponses(401) },
      },
    },
    async (request) => ({ ids: await recentDoctors.ids(requireAuth(request)) }),
  );

  app.post(
    '/recent-doctors',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Record a doctor as viewed',
        body: RecentDoctorInput,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await recentDoctors.add(requireAuth(request), request.body.doctorId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/recent-doctors/:doctorId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Remove a doctor from my recent list',
        params: RecentDoctorParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await recentDoctors.remove(requireAuth(request), request.params.doctorId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/recent-doctors',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'Clear my recent list', response: { 204: z.null(), ...errorResponses(401) } },
    },
    async (request, reply) => {
      await recentDoctors.clear(requireAuth(request));
      return reply.status(204).send(null);
    },
  );

  return Promise.resolve();
};
