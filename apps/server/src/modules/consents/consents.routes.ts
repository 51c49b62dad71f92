import {
  ConsentCertificateQuery,
  ConsentDoctorParams,
  ConsentHistory,
  ConsentInput,
  ConsentRecord,
  ConsentRecordParams,
  ConsentWithdrawalInput,
  CurrentConsent,
  SIGNATURE_MAX_LENGTH,
} from '@crm/shared';
import type { FastifyError } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/core/app-error.ts';
import { requireAuth } from '#server/http/authenticate.ts';
import { requestLanguage } from '#server/http/i18n.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { typedJsonSerializer } from '#server/http/serialize.ts';
import type { ConsentsService } from './consents.service.ts';

const IDEMPOTENT = 'Accepts an Idempotency-Key header (UUID): a replay answers the first result.';

/**
 * The signature's data URL at its longest, and room for the other fields (choices, date, e-mail, phone, id and
 * their names, in either spelling). A body over it answers the same 413 as an image over its limit.
 */
const SIGNATURE_BODY_LIMIT = SIGNATURE_MAX_LENGTH + 64 * 1024;

const signatureTooLarge = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    {},
    { messageKey: 'consents.signatureTooLarge', fields: { signatureImage: 'consents.signatureTooLarge' } },
  );

/**
 * Spec 000 §5: an image over the limit is 'Signature image is too large…', with 413, whether the schema's
 * length rule caught it or the body was over the route's limit before it could be read. Anything else goes to
 * the app's error handler.
 */
function answerTooLargeAsSignature(error: FastifyError): never {
  const overBodyLimit = !(error instanceof AppError) && error.statusCode === 413;
  const overImageLimit =
    hasZodFastifySchemaValidationErrors(error) &&
    error.validation.some((issue) => issue.message === 'consents.signatureTooLarge');
  throw overBodyLimit || overImageLimit ? signatureTooLarge() : error;
}

const binary = (description: string) => z.instanceof(Buffer).meta({ description });

export const consentsRoutes: FastifyPluginAsyncZod<{ consents: ConsentsService }> = (app, { consents }) => {
  const tags = ['consents'];

  app.get(
    '/doctors/:id/signatures',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "The doctor's current consent (their latest record) with its signature as a data URL, in both spellings; null when none was collected",
        params: ConsentDoctorParams,
        response: { 200: CurrentConsent, ...errorResponses(400, 401, 404) },
      },
      // A signature may be megabytes of base64: sent as the mapper built it, not parsed again first.
      serializerCompiler: typedJsonSerializer,
    },
    (request) => consents.current(requireAuth(request), request.params.id),
  );

  app.post(
    '/doctors/:id/signatures',
    {
      config: { access: 'signedIn', idempotent: true },
      bodyLimit: SIGNATURE_BODY_LIMIT,
      errorHandler: answerTooLargeAsSignature,
      schema: {
        tags,
        summary: `Record the doctor's consent with a drawn signature (a PNG or JPEG data URL, checked by its bytes): a new record appended to the doctor's chain, collected by the caller; camelCase or snake_case fields. Answered without the image. A client id already used by the same consent answers it again. ${IDEMPOTENT}`,
        params: ConsentDoctorParams,
        body: ConsentInput,
        response: { 201: ConsentRecord, ...errorResponses(400, 401, 404, 409, 413, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await consents.sign(
            requireAuth(request),
            request.params.id,
            request.body,
            request.idempotency,
            requestLanguage(request),
          ),
        ),
  );

  app.post(
    '/doctors/:id/signatures/withdrawal',
    {
      config: { access: 'signedIn', idempotent: true },
      schema: {
        tags,
        summary: `Withdraw the doctor's consent (the choices named, all by default), at the doctor's request or the rep's, with a reason: a new record keeping the other choices, no drawing. Refused with 409 when the current consent gives none of them. ${IDEMPOTENT}`,
        params: ConsentDoctorParams,
        body: ConsentWithdrawalInput,
        response: { 201: ConsentRecord, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await consents.withdraw(
            requireAuth(request),
            request.params.id,
            request.body,
            request.idempotency,
            requestLanguage(request),
          ),
        ),
  );

  app.get(
    '/doctors/:id/signatures/history',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Every consent record of the doctor, newest first, without the images (…/{consentId}/image gives one)',
        params: ConsentDoctorParams,
        response: { 200: ConsentHistory, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => consents.history(requireAuth(request), request.params.id),
  );

  app.get(
    '/doctors/:id/signatures/:consentId/image',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "One record's signature image, as stored (PNG or JPEG), to download",
        params: ConsentRecordParams,
        response: { 200: binary('The PNG or JPEG bytes'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { id, consentId } = request.params;
      const image = await consents.image(requireAuth(request), id, consentId);
      const extension = image.mimeType === 'image/png' ? 'png' : 'jpg';
      return reply
        .type(image.mimeType)
        .header('content-disposition', `attachment; filename="signature-${consentId}.${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(image.bytes);
    },
  );

  app.get(
    '/doctors/:id/signatures/:consentId/certificate',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "A PDF certificate of one record (doctor, choices, dates, collector, signature, hashes), in `lang` or the request's language",
        params: ConsentRecordParams,
        querystring: ConsentCertificateQuery,
        response: { 200: binary('The PDF'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { id, consentId } = request.params;
      const lang = request.query.lang ?? requestLanguage(request);
      const certificate = await consents.certificate(requireAuth(request), id, consentId, lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${certificate.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(certificate.pdf));
    },
  );

  return Promise.resolve();
};
