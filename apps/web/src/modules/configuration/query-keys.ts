import type { ConfigurationKind } from '@crm/shared';

/** Every key starts with 'configuration': a change in the configuration screen refreshes every list of it. */
export const configurationKeys = {
  all: ['configuration'] as const,
  /** GET /api/configuration/targets: every target, active or not (selects keep the active ones). */
  targets: () => [...configurationKeys.all, 'targets'] as const,
  /** One kind's list on the configuration screen. */
  entries: (kind: ConfigurationKind) => [...configurationKeys.all, 'entries', kind] as const,
};
