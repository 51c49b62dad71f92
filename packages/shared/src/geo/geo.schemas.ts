import { z } from 'zod';

/** GET /api/geo/uga */
export const UgaQuery = z.object({
  address: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(300),
  postal_code: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(10),
  city: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100),
});
export type UgaQuery = z.infer<typeof UgaQuery>;

/**
 * How precisely the address was placed: 'address' when the address API found it, 'commune' when the API
 * could not be reached and the postal code's commune stood in (docs/decisions/0017).
 */
export const GEO_PRECISIONS = ['address', 'commune'] as const;
export type GeoPrecision = (typeof GEO_PRECISIONS)[number];

export const UgaResult = z.object({
  code: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  precision: z.enum(GEO_PRECISIONS),
});
export type UgaResult = z.infer<typeof UgaResult>;
