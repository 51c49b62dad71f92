import type { ApiErrorBody, Language } from '@crm/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, validationError } from '#server/core/app-error.ts';
import { requestLanguage, translate } from './i18n.ts';

function fieldName(instancePath: string, context: string | undefined): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name === '' ? (context ?? 'body') : name;
}

/** The answer's body of an AppError, its message translated into `language`. */
export function errorBody(language: Language, error: AppError): ApiErrorBody {
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
  return fields ? { message, code: error.code, fields } : { message, code: error.code };
}

function send(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  for (const [name, value] of Object.entries(error.options.headers ?? {})) void reply.header(name, value);
  return reply.status(error.statusCode).send(errorBody(requestLanguage(request), error));
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
