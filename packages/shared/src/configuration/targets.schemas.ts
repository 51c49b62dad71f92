import { z } from 'zod';

export const DEFAULT_COLOR = '#1890ff';

export const Target = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  priority: z.number().int().min(0).max(100),
  active: z.boolean(),
});
export type Target = z.infer<typeof Target>;

/** GET /api/configuration/targets?active=true */
export const TargetListQuery = z.object({
  active: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});
export const TargetList = z.object({ targets: z.array(Target) });
export type TargetList = z.infer<typeof TargetList>;
