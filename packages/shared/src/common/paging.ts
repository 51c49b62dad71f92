import { z } from 'zod';

/** The spec's page sizes for lists (doctors, offices). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

export const pageParam = () => z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100_000).default(1);

export const limitParam = (defaultLimit: number = DEFAULT_PAGE_SIZE) =>
  z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), { error: 'validation.pageSize' })
    .default(defaultLimit);

export const pagesFor = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit));
