import type { ApiErrorBody, ErrorCode } from '@crm/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { requestLanguage, translate } from './i18n.ts';

const statusOf: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  IDEMPOTENCY_KEY_REUSED: 422,
  ACTIVITY_LOCKED: 409,
  APPROVAL_REQUIRED: 409,
  NOT_APPROVER: 403,
  GEOCODING_FAILED: 502,
  GEOCODING_NO_RESULT: 404,
  UGA_FILE_FAILED: 500,
  UGA_NOT_FOUND: 404,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL_ERROR: 500,
};

/**
 * The one error type services throw. The message is translated from `errors.<code>`
 * (or from `messageKey`) in the request's language when the answer is written.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly options: { messageKey?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.statusCode = statusOf[code];
  }
}

function fieldName(instancePath: string, context: string | undefined): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name === '' ? (context ?? 'body') : name;
}

export function validationError(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_ERROR', {}, { fields });
}

function send(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  const language = requestLanguage(request);
  const fields = error.options.fields
    ? Object.fromEntries(Object.entries(error.options.fields).map(([k, v]) => [k, translate(language, v)]))
    : undefined;
  const message =
    error.code === 'VALIDATION_ERROR' && fields
      ? translate(language, 'errors.VALIDATION_ERROR', {
          fields: Object.entries(fields)
            .map(([name, text]) => `${name}: ${text}`)
            .join('; '),
        })
      : translate(language, error.options.messageKey ?? `errors.${error.code}`, error.params);
  const body: ApiErrorBody = fields ? { message, code: error.code, fields } : { message, code: error.code };
  for (const [name, value] of Object.entries(error.options.headers ?? {})) void reply.header(name, value);
  return reply.status(error.statusCode).send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return send(reply, request, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= issue.message?.includes('.') ? issue.message : 'validation.invalid';
      }
      return send(reply, request, validationError(fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(reply, request, new AppError('PAYLOAD_TOO_LARGE'));
    if (status === 404) return send(reply, request, new AppError('NOT_FOUND'));
    if (status === 403) return send(reply, request, new AppError('FORBIDDEN'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type, an empty body: the body as a whole is the field at fault.
      return send(reply, request, validationError({ body: 'validation.invalid' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, new AppError('INTERNAL_ERROR'));
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(
    reply,
    request,
    new AppError('ROUTE_NOT_FOUND', { method: request.method, url: request.url.split('?')[0] ?? '' }),
  );
}
