import { z } from 'zod';
import { hasControlCharacter } from './control-characters.ts';

/**
 * Field schemas whose messages are i18n keys: the server translates them into the
 * request's language, the web app through i18next. One rule, both sides.
 */
export const requiredString = (maxLength = 255) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(maxLength, { error: 'validation.tooLong' })
    .refine((text) => !hasControlCharacter(text), { error: 'validation.controlCharacter' });

export const emailField = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(254, { error: 'validation.tooLong' })
    .pipe(z.email({ error: 'validation.email' }));

/** Optional text: empty or blank means "none" (null). */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .refine((text) => !hasControlCharacter(text), { error: 'validation.controlCharacter' })
    .nullish()
    .transform((value) => (value ? value : null));

/** A query parameter listing values, comma-separated (a=x,y) or repeated (a=x&a=y). */
export const listParam = () =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? value : (value ?? '').split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    );

/** A missing id is a required field (the activity's channel); a malformed one is an invalid identifier. */
export const uuidField = () =>
  z.uuid({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.id') });
