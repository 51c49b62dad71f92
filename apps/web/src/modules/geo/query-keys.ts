import type { UgaQuery } from '@crm/shared';

export const geoKeys = {
  all: ['geo'] as const,
  uga: (address: UgaQuery) => [...geoKeys.all, 'uga', address] as const,
};
