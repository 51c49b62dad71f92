import {
  BulkCreateBody,
  BulkCreateResult,
  CreateUserBody,
  CreateUserResult,
  IdParams,
  InvitationResult,
  ManageesBody,
  OrgChart,
  PermissionsBody,
  ProductList,
  ProductsBody,
  UpdateUserBody,
  UserCandidateQuery,
  UserCandidates,
  UserDetail,
  UserEmailSearchQuery,
  UserEmailSearchResult,
  UserList,
  UserListQuery,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { requestLanguage } from '#server/http/i18n.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { ConfigurationService } from '#server/modules/configuration/configuration.service.ts';
import type { UsersService } from './users.service.ts';

/** Spec 001 §7 Users: admin only, except the recipient search and the product list. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; configuration: ConfigurationService }> = (
  app,
  { users, configuration },
) => {
  const tags = ['users'];

  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A page of users matching the search (admin); limit up to 1000 fetches all',
        querystring: UserListQuery,
        response: { 200: UserList, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => users.list(requireAuth(request), request.query),
  );

  app.get(
    '/users/org-chart',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every user with their manager, for the org chart (admin)',
        response: { 200: OrgChart, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ users: await users.orgChart(requireAuth(request)) }),
  );

  app.get(
    '/users/emails',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        // Every signed-in user writes mail: the answer holds addresses and names, nothing else of anyone.
        summary: 'Recipient search: addresses and names of users whose names or address start with the words',
        querystring: UserEmailSearchQuery,
        response: { 200: UserEmailSearchResult, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ users: await users.searchEmails(requireAuth(request), request.query) }),
  );

  app.get(
    '/users/products/all',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        // Product names are no secret and activities show them; assigning them is what needs an admin.
        summary: 'Every product, active or not, by name',
        response: { 200: ProductList, ...errorResponses(401) },
      },
    },
    async (request) => ({ products: await configuration.allProducts(requireAuth(request)) }),
  );

  app.post(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a user and e-mail them an invitation to choose a password (admin)',
        body: CreateUserBody,
        response: { 201: CreateUserResult, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await users.create(requireAuth(request), request.body, requestLanguage(request))),
  );

  app.post(
    '/users/bulk',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create users from comma-separated addresses, one result per address (admin)',
        body: BulkCreateBody,
        response: { 200: BulkCreateResult, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => users.bulkCreate(requireAuth(request), request.body.emails, requestLanguage(request)),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A user with their manager, managees and products (admin)',
        params: IdParams,
        response: { 200: UserDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => users.detail(requireAuth(request), request.params.id),
  );

  app.get(
    '/users/:id/manager-candidates',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Who may become the user’s manager: not themself, nobody below them (admin)',
        params: IdParams,
        querystring: UserCandidateQuery,
        response: { 200: UserCandidates, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      users: await users.managerCandidates(requireAuth(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/users/:id/managee-candidates',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Who may become the user’s managee: not themself, nobody above them, nobody with another manager',
        params: IdParams,
        querystring: UserCandidateQuery,
        response: { 200: UserCandidates, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      users: await users.manageeCandidates(requireAuth(request), request.params.id, request.query),
    }),
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change the personal information {email, firstName, lastName, displayName} or {managerId} (admin)',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: UserDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => users.update(requireAuth(request), request.params.id, request.body),
  );

  app.patch(
    '/users/:id/permissions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Set isAdmin and readWrite; they count from the user’s next request (admin)',
        params: IdParams,
        body: PermissionsBody,
        response: { 200: UserDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => users.setPermissions(requireAuth(request), request.params.id, request.body),
  );

  app.patch(
    '/users/:id/managees',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Set the complete list of the user’s managees (admin)',
        params: IdParams,
        body: ManageesBody,
        response: { 200: UserDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => users.setManagees(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/users/:id/products',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Set the complete list of the user’s products (admin)',
        params: IdParams,
        body: ProductsBody,
        response: { 200: UserDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => users.setProducts(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/users/:id/invitation',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'E-mail a new link to choose a password; earlier links stop working (admin)',
        params: IdParams,
        response: { 200: InvitationResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => users.resendInvitation(requireAuth(request), request.params.id, requestLanguage(request)),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a user (admin; not oneself): they can no longer sign in, what they did stays theirs',
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await users.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  return Promise.resolve();
};
