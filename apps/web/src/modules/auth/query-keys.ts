export const authKeys = {
  meta: () => ['meta'] as const,
  all: ['auth'] as const,
  ssoConfig: () => [...authKeys.all, 'sso-config'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  passwordLink: (token: string) => [...authKeys.all, 'password-link', token] as const,
};
