import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/*
 * Query parameters that carry a credential or a one-time secret: the provider's code and state on the
 * single-sign-on callback, the one-time token of /auth/callback (docs/decisions/0035). The server log
 * records every request's address; these values must not be in it.
 */
const SECRET_PARAMETERS = new Set(['code', 'state', 'token', 'id_token', 'id_token_hint', 'access_token']);

/** The request's address as logged: the secret parameters' values replaced. */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let isChanged = false;
  for (const name of new Set(params.keys())) {
    if (!SECRET_PARAMETERS.has(name)) continue;
    params.set(name, 'redacted');
    isChanged = true;
  }
  return isChanged ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/** Fastify's own request serializer, with the address redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** The logger options with the request serializer added; a logger instance or `false` is left as it is. */
export function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { req: serializeRequest, ...options.serializers } };
}
