import {
  IdParams,
  Office,
  OfficeDoctorsQuery,
  OfficeDoctorsResult,
  OfficeInput,
  OfficeListQuery,
  OfficeListResult,
  OfficeSpecialties,
  OfficeUpdate,
  Specialty,
  uuidField,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { typedJsonSerializer } from '#server/http/serialize.ts';
import type { OfficesService } from './offices.service.ts';

export const officesRoutes: FastifyPluginAsyncZod<{ offices: OfficesService }> = (app, { offices }) => {
  const tags = ['offices'];

  app.get(
    '/offices',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Offices, searched by words and filtered by their doctors' specialties",
        querystring: OfficeListQuery,
        response: { 200: OfficeListResult, ...errorResponses(400, 401) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => offices.list(requireAuth(request), request.query),
  );

  app.get(
    '/offices/specialties',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Specialties practised in some office',
        response: { 200: OfficeSpecialties, ...errorResponses(401) },
      },
    },
    async (request) => ({
      specialties: (await offices.specialties(requireAuth(request))).map((s) => Specialty.parse(s)),
    }),
  );

  app.get(
    '/offices/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'An office',
        params: IdParams,
        response: { 200: Office, ...errorResponses(400, 401, 404) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => offices.get(requireAuth(request), request.params.id),
  );

  app.post(
    '/offices',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary: 'Create an office (readWrite)',
        body: OfficeInput,
        response: { 201: Office, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await offices.create(requireAuth(request), request.body)),
  );

  app.put(
    '/offices/:id',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary: 'Change some fields of an office (readWrite)',
        params: IdParams,
        body: OfficeUpdate,
        response: { 200: Office, ...errorResponses(400, 401, 403, 404) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => offices.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/offices/:id',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary: 'Delete an office (readWrite)',
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await offices.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/offices/:id/doctors',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The office's doctors, filtered by words, specialty and the caller's target",
        params: IdParams,
        querystring: OfficeDoctorsQuery,
        response: { 200: OfficeDoctorsResult, ...errorResponses(400, 401, 404) },
      },
      serializerCompiler: typedJsonSerializer,
    },
    (request) => offices.doctors(requireAuth(request), request.params.id, request.query),
  );

  app.delete(
    '/offices/:id/doctors/:doctorId',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary: 'Remove a doctor from an office (readWrite)',
        params: z.object({ id: uuidField(), doctorId: uuidField() }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await offices.removeDoctor(requireAuth(request), request.params.id, request.params.doctorId);
      return reply.status(204).send(null);
    },
  );

  return Promise.resolve();
};
