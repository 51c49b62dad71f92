import { Readable } from 'node:stream';
import {
  Benefit,
  BenefitInput,
  BenefitParams,
  BenefitUpdate,
  BenefitYear,
  BenefitYearQuery,
  Convention,
  ConventionInput,
  ConventionList,
  ConventionParams,
  ConventionUpdate,
  DeclarationExportQuery,
  SemesterLinesQuery,
  SemesterOverview,
  SemesterParams,
  TransparencyDoctorParams,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { TransparencyService } from './transparency.service.ts';

const IDEMPOTENT = 'Accepts an Idempotency-Key header (UUID): a replay answers the first result.';

export const transparencyRoutes: FastifyPluginAsyncZod<{ transparency: TransparencyService }> = (
  app,
  { transparency },
) => {
  const tags = ['transparency'];

  app.post(
    '/doctors/:id/benefits',
    {
      config: { access: 'writer', idempotent: true },
      schema: {
        tags,
        summary: `Record a benefit given to the doctor (amount TTC in cents). Without a convention it must stay within its negligible value for the calendar year: 422 NEGLIGIBLE_VALUE_EXCEEDED names the rule and its figure. Under a convention, the convention must be the doctor's and filed (declaration) or authorised (authorisation): 409 CONVENTION_NOT_IN_FORCE. The id is the client's; the same benefit sent again answers the stored one. ${IDEMPOTENT}`,
        params: TransparencyDoctorParams,
        body: BenefitInput,
        response: { 201: Benefit, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await transparency.recordBenefit(requireAuth(request), request.params.id, request.body, request.idempotency),
        ),
  );

  app.get(
    '/doctors/:id/benefits',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "The doctor's benefits of a calendar year (the current one by default), newest first, whoever recorded them, and the year's totals against each negligible-value limit",
        params: TransparencyDoctorParams,
        querystring: BenefitYearQuery,
        response: { 200: BenefitYear, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => transparency.benefitsOfYear(requireAuth(request), request.params.id, request.query),
  );

  app.put(
    '/benefits/:id',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary:
          'Correct a benefit (by whoever recorded it, or an administrator): checked again against the year as if new (422 NEGLIGIBLE_VALUE_EXCEEDED); once declared, its line goes again as a correction',
        params: BenefitParams,
        body: BenefitUpdate,
        response: { 200: Benefit, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => transparency.correctBenefit(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/doctors/:id/conventions',
    {
      config: { access: 'writer', idempotent: true },
      schema: {
        tags,
        summary: `Record a convention with the doctor, as a draft; its total, regime (declaration or authorisation) and filing deadline are computed from its items. The id is the client's. ${IDEMPOTENT}`,
        params: TransparencyDoctorParams,
        body: ConventionInput,
        response: { 201: Convention, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await transparency.createConvention(
            requireAuth(request),
            request.params.id,
            request.body,
            request.idempotency,
          ),
        ),
  );

  app.get(
    '/doctors/:id/conventions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The doctor's conventions, latest start first, with what was paid under each",
        params: TransparencyDoctorParams,
        response: { 200: ConventionList, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => transparency.conventionsOf(requireAuth(request), request.params.id),
  );

  app.put(
    '/conventions/:id',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary:
          'Change what a convention says, or its status (draft → filed; filed → authorised or refused for an authorisation, administrators only). Changing a filed or authorised convention takes it back to draft; a refused one does not change (409 CONVENTION_STATUS)',
        params: ConventionParams,
        body: ConventionUpdate,
        response: { 200: Convention, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => transparency.updateConvention(requireAuth(request), request.params.id, request.body),
  );

  app.get(
    '/transparency/declarations.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "The semester's Transparence Santé declaration: `;`-separated UTF-8 CSV with the public declarations.csv columns; one line per filed or authorised convention, per benefit or payment of 10 € or more (rounded to the euro). A line changed since it was exported goes again as a correction (demande_de_rectification O). pending=true sends only new and changed lines. Streamed",
        querystring: DeclarationExportQuery,
        response: {
          200: z.instanceof(Readable).meta({ description: 'The CSV file, streamed' }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const chunks = await transparency.exportDeclaration(requireAuth(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="declarations-${request.query.semester}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  );

  app.get(
    '/transparency/semesters/:semester',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "A semester's declared lines, paged (conventions, then benefits and payments), each new, exported or changed since its export; the conventions starting in it still waiting to be filed or authorised; and its exports",
        params: SemesterParams,
        querystring: SemesterLinesQuery,
        response: { 200: SemesterOverview, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => transparency.semesterOverview(requireAuth(request), request.params.semester, request.query),
  );

  return Promise.resolve();
};
