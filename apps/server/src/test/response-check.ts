import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';

/** What a zod schema offers that the check needs; other response schemas (plain JSON Schema) are skipped. */
type ResponseSchema = {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };
};
type Issue = { path: PropertyKey[]; message: string };

/** A route as the app declared it, before Fastify compiled its schemas. */
export type DeclaredRoute = {
  method: HTTPMethods;
  url: string;
  response: Record<string, unknown> | undefined;
  hidden: boolean;
  /** Who may call it (`config.access`, http/authenticate.ts). */
  access: unknown;
  /** The parts of the request it validates. */
  input: ('params' | 'querystring' | 'body')[];
};

/** An answer that its declared response schema refuses, or that carries keys outside it. */
export type ResponseMismatch = { route: string; status: number; problems: string[] };

const mismatches: ResponseMismatch[] = [];
const routesByApp = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/**
 * Hooks every Fastify instance created from now on (the test apps, and any a test builds itself): each route
 * is recorded as declared, and each JSON answer of an /api route is parsed with the response schema declared
 * for its status, strictly. Routes answering through `typedJsonSerializer` send their objects as they are,
 * so without this nothing would notice a database column reaching the wire. Answers the zod serializer
 * encodes pass by construction; they are checked the same way all the same.
 */
export function checkEveryApp(): () => void {
  const onInit = (message: unknown) => checkResponses((message as { fastify: FastifyInstance }).fastify);
  diagnostics.subscribe('fastify.initialization', onInit);
  return () => diagnostics.unsubscribe('fastify.initialization', onInit);
}

/** Adds the checks to one instance; it must not have registered anything yet, so that every route inherits them. */
export function checkResponses(app: FastifyInstance): void {
  const routes: DeclaredRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (options: RouteOptions) => {
    const schema = options.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
    const input = (['params', 'querystring', 'body'] as const).filter((part) => options.schema?.[part] !== undefined);
    for (const method of [options.method].flat()) {
      routes.push({
        method,
        url: options.url,
        response: schema?.response,
        hidden: schema?.hide === true,
        access: options.config?.access,
        input,
      });
    }
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const mismatch = checkAnswer(request, reply, payload);
    if (mismatch) mismatches.push(mismatch);
    done(null, payload);
  });
}

/** The routes `app` declared (its HEAD twins included), in the order they were added. */
export function declaredRoutes(app: FastifyInstance): DeclaredRoute[] {
  const routes = routesByApp.get(app);
  if (!routes) throw new Error('this app was created without the response check');
  return routes;
}

/** The mismatches seen since the last call, which are then forgotten. */
export function takeResponseMismatches(): ResponseMismatch[] {
  return mismatches.splice(0);
}

/** The schema a route declares for a status: the exact code, then its class (`2xx`), then `default`. */
export function schemaForStatus(response: Record<string, unknown> | undefined, status: number): unknown {
  if (!response) return undefined;
  return response[status] ?? response[`${String(status).charAt(0)}xx`] ?? response.default;
}

function checkAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): ResponseMismatch | undefined {
  const { method, url, schema: routeSchema } = request.routeOptions;
  if (!url?.startsWith('/api/') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return undefined;
  const text = payload.toString();
  const contentType = reply.getHeader('content-type');
  if (text === '' || typeof contentType !== 'string' || !contentType.startsWith('application/json')) return undefined;
  const schema = schemaForStatus(routeSchema?.response as Record<string, unknown> | undefined, reply.statusCode);
  if (!isZodSchema(schema)) return undefined;
  const problems = strictProblems(schema, JSON.parse(text));
  const route = `${[method].flat().join(',')} ${url}`;
  return problems.length === 0 ? undefined : { route, status: reply.statusCode, problems };
}

/** Why `schema` refuses `value`, or the paths of the keys it would strip: nothing when the value matches exactly. */
export function strictProblems(schema: ResponseSchema, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (!result.success) {
    return result.error.issues.map((issue) => `${pathOf(issue.path) || '(root)'}: ${issue.message}`);
  }
  return strayKeys(value, result.data, '').map((path) => `${path}: not in the schema`);
}

/** The keys of `raw` that parsing dropped, at any depth: zod objects strip the keys they don't declare. */
function strayKeys(raw: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, index) => strayKeys(item, parsed[index], `${path}[${index}]`));
  }
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return [];
  return Object.keys(raw).flatMap((key) => {
    const keyPath = path === '' ? key : `${path}.${key}`;
    return key in parsed ? strayKeys(raw[key], parsed[key], keyPath) : [keyPath];
  });
}

function pathOf(path: PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isZodSchema(schema: unknown): schema is ResponseSchema {
  return typeof (schema as Partial<ResponseSchema> | undefined)?.safeParse === 'function';
}
