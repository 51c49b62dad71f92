import { z } from 'zod';

/**
 * Field schemas whose messages are i18n keys: the server translates them into the
 * request's language, the web app through i18next. One rule, both sides.
 */
export const requiredString = (maxLength = 255) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(maxLength, { error: 'validation.tooLong' });

export const emailField = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(254, { error: 'validation.tooLong' })
    .pipe(z.email({ error: 'validation.email' }));

export const uuidField = () => z.uuid({ error: 'validation.id' });
