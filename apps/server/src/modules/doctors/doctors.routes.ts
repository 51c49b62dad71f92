import {
  Doctor,
  DoctorInput,
  DoctorList,
  DoctorOfficeLinkInput,
  DoctorOfficeParams,
  DoctorPickerQuery,
  DoctorSearchQuery,
  DoctorSearchResult,
  DoctorUpdate,
  DoctorUserDataInput,
  ExistingDoctor,
  IdParams,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { typedJsonSerializer } from '#server/http/serialize.ts';
import type { DoctorsService } from './doctors.service.ts';

export const doctorsRoutes: FastifyPluginAsyncZod<{ doctors: DoctorsService }> = (app, { doctors }) => {
  const tags = ['doctors'];

  app.get(
    '/doctors/search',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Search doctors by name words and RPPS, scored (exact name 1000, both names 100, one name 10, RPPS 5)',
        querystring: DoctorSearchQuery,
        response: { 200: DoctorSearchResult, ...errorResponses(400, 401) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => doctors.search(requireAuth(request), request.query),
  );

  app.get(
    '/doctors',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Best matches for pickers',
        querystring: DoctorPickerQuery,
        response: { 200: DoctorList, ...errorResponses(400, 401) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    async (request) => ({
      doctors: await doctors.pick(requireAuth(request), request.query.search, request.query.limit),
    }),
  );

  app.get(
    '/doctors/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'A doctor',
        params: IdParams,
        response: { 200: Doctor, ...errorResponses(400, 401, 404) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => doctors.get(requireAuth(request), request.params.id),
  );

  app.post(
    '/doctors',
    {
      schema: {
        tags,
        summary: 'Create a doctor (readWrite)',
        description:
          'The id may come from the client. Accepts an Idempotency-Key header (UUID): a replay answers the first ' +
          'result, the same key with another body gets 422. With a client id and a key (an offline queue), a ' +
          'creation whose id already names the doctor answers it again, and an RPPS that already belongs to a ' +
          'doctor answers 200 with that doctor and `existing: true`: the client id then names that doctor ' +
          '(activities may refer to it). Without them, a taken RPPS or id is a 409.',
        body: DoctorInput,
        response: { 201: Doctor, 200: ExistingDoctor, ...errorResponses(400, 401, 403, 409, 422) },
      },
      config: { access: 'writer', idempotent: true },
    },
    async (request, reply) => {
      const doctor = await doctors.create(requireAuth(request), request.body, request.idempotency);
      return reply.status('existing' in doctor ? 200 : 201).send(doctor);
    },
  );

  app.put(
    '/doctors/:id',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary: 'Change some fields of a doctor (readWrite)',
        params: IdParams,
        body: DoctorUpdate,
        response: { 200: Doctor, ...errorResponses(400, 401, 403, 404, 409) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => doctors.update(requireAuth(request), request.params.id, request.body),
  );

  app.put(
    '/doctors/:id/user-data',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Set the caller's own target and potential target for a doctor",
        params: IdParams,
        body: DoctorUserDataInput,
        response: { 200: Doctor, ...errorResponses(400, 401, 404) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => doctors.setUserData(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/doctors/:id',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary: 'Delete a doctor (readWrite)',
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await doctors.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/doctors/:id/offices',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary: "Link an office to a doctor; the doctor's first office becomes primary (readWrite)",
        params: IdParams,
        body: DoctorOfficeLinkInput,
        response: { 200: Doctor, ...errorResponses(400, 401, 403, 404, 409) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => doctors.linkOffice(requireAuth(request), request.params.id, request.body.officeId),
  );

  app.put(
    '/doctors/:id/offices/:officeId/primary',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary: "Make a linked office the doctor's primary office (readWrite)",
        params: DoctorOfficeParams,
        response: { 200: Doctor, ...errorResponses(400, 401, 403, 404) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => doctors.setPrimaryOffice(requireAuth(request), request.params.id, request.params.officeId),
  );

  return Promise.resolve();
};
