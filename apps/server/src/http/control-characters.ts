import { controlCharacterPath } from '@crm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '#server/core/app-error.ts';

const PARTS = ['params', 'query', 'body'] as const;

/**
 * Refuses a request with a control character in any text it carries (shared/common/control-characters.ts),
 * naming the field, before any route validates or stores it. The shared text fields refuse them too, on the
 * form as on the server; this covers every other text of every route, present and future, on both engines.
 */
export function registerControlCharacterGuard(api: FastifyInstance): void {
  api.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    for (const part of PARTS) {
      const path = controlCharacterPath(request[part]);
      if (path !== null) {
        done(validationError({ [path.length > 0 ? path.join('.') : part]: 'validation.controlCharacter' }));
        return;
      }
    }
    done();
  });
}
