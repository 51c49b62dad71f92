import { z } from 'zod';

/** The stored fields of an office, as every answer that carries an office gives them. */
export const officeRecordFields = {
  id: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  uga: z.string(),
  uga_name: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
};

export type OfficeRecord = z.infer<z.ZodObject<typeof officeRecordFields>>;
