import {
  Account,
  AccountProfileUpdate,
  AccountSessionList,
  AccountSessionParams,
  PasswordChangeBody,
  SessionsEnded,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { AccountService } from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = (app, { account }) => {
  app.get(
    '/account',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: "The signed-in user's own settings: profile, whether they have a password, their providers",
        response: { 200: Account, ...errorResponses(401) },
      },
    },
    (request) => account.account(requireAuth(request)),
  );

  app.put(
    '/account/profile',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Change your own first and last name',
        body: AccountProfileUpdate,
        response: { 200: Account, ...errorResponses(400, 401) },
      },
    },
    (request) => account.updateProfile(requireAuth(request), request.body),
  );

  app.post(
    '/account/password',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Change your password (the current one is asked); ends every other session',
        body: PasswordChangeBody,
        response: { 200: SessionsEnded, ...errorResponses(400, 401, 409, 429) },
      },
    },
    (request) => account.changePassword(requireAuth(request), request.body, request.ip),
  );

  app.get(
    '/account/sessions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Your open sessions, most recently used first',
        response: { 200: AccountSessionList, ...errorResponses(401) },
      },
    },
    (request) => account.sessions(requireAuth(request)),
  );

  app.delete(
    '/account/sessions/others',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'End every session of yours but this one',
        response: { 200: SessionsEnded, ...errorResponses(401) },
      },
    },
    (request) => account.endOtherSessions(requireAuth(request)),
  );

  app.delete(
    '/account/sessions/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'End one of your sessions',
        params: AccountSessionParams,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await account.endSession(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  return Promise.resolve();
};
