export const configurationKeys = {
  all: ['configuration'] as const,
  targets: () => [...configurationKeys.all, 'targets'] as const,
  activeTargets: () => [...configurationKeys.targets(), { active: true }] as const,
};
