import {
  ForgotPasswordBody,
  ForgotPasswordResult,
  LoginResult,
  PasswordLinkBody,
  PasswordLinkInfo,
  SetPasswordBody,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/i18n.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { PasswordLinksService } from './password-links.service.ts';

/** The public routes of the links to choose a password (decision 0029). */
export const passwordLinksRoutes: FastifyPluginAsyncZod<{ passwordLinks: PasswordLinksService }> = (
  app,
  { passwordLinks },
) => {
  const tags = ['auth'];
  const clientOf = (request: { ip: string; headers: { 'user-agent'?: string | undefined } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "'Forgot password?': e-mails a one-hour link if the address has an account; the same answer if not",
        body: ForgotPasswordBody,
        response: { 200: ForgotPasswordResult, ...errorResponses(400, 429) },
      },
    },
    (request) => passwordLinks.forgot(request.body, clientOf(request), requestLanguage(request)),
  );

  app.post(
    '/auth/password-link',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whom a link to choose a password is for (400 when invalid, expired or used)',
        body: PasswordLinkBody,
        response: { 200: PasswordLinkInfo, ...errorResponses(400) },
      },
    },
    (request) => passwordLinks.inspect(request.body.token),
  );

  app.post(
    '/auth/set-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Uses a link once: sets the password, ends the other sessions, signs in',
        body: SetPasswordBody,
        response: { 200: LoginResult, ...errorResponses(400) },
      },
    },
    (request) => passwordLinks.setPassword(request.body, clientOf(request)),
  );
  return Promise.resolve();
};
