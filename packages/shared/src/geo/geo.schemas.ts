import { z } from 'zod';

/** GET /api/geo/uga */
export const UgaQuery = z.object({
  address: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(300),
  postal_code: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(10),
  city: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100),
});
export type UgaQuery = z.infer<typeof UgaQuery>;

export const UgaResult = z.object({
  code: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type UgaResult = z.infer<typeof UgaResult>;
