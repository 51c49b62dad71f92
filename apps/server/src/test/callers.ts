import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TestApp } from './harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call to the API as a user: the status, the JSON body (null when empty) and the headers. */
export type Call = (
  method: Method,
  url: string,
  payload?: InjectOptions['payload'],
  idempotencyKey?: string,
) => Promise<{ status: number; body: unknown; headers: Record<string, unknown> }>;

/** Signs in through the real route and answers the bearer header. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ authorization: string; token: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const { token } = response.json<{ token: string }>();
  return { token, authorization: `Bearer ${token}` };
}

/** Calls the API as one user (English messages, so tests can read them), optionally with an Idempotency-Key. */
export function caller(app: FastifyInstance, authorization: string): Call {
  return async (method, url, payload, idempotencyKey) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        authorization,
        'accept-language': 'en',
        ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
      },
      ...(payload !== undefined && { payload }),
    });
    return {
      status: response.statusCode,
      body: response.body === '' ? null : response.json<unknown>(),
      headers: response.headers,
    };
  };
}

/** Signs a user in and calls the API as them. */
export async function callerFor(t: TestApp, user: { email: string; password: string }): Promise<Call> {
  return caller(t.app, (await signIn(t.app, user.email, user.password)).authorization);
}
