import type { TemplateType } from '@crm/shared';

export type EligibleDoctorsParams = { type: TemplateType; search: string; page: number; limit: number };

export const campaignKeys = {
  /** Sending a campaign or making a template invalidates this prefix. */
  all: ['campaigns'] as const,
  list: (page: number) => [...campaignKeys.all, 'list', page] as const,
  templates: (language: string) => [...campaignKeys.all, 'templates', language] as const,
  eligible: (params: EligibleDoctorsParams) => [...campaignKeys.all, 'eligible', params] as const,
};
