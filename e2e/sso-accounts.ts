import type { TestAccount } from '../apps/server/src/test/oidc-provider.ts';

/*
 * The people of the end-to-end suite's OpenID Connect provider (started by start-server.mjs): one types the
 * username on the provider's sign-in page.
 */
export const SSO_ACCOUNTS = {
  /** the demo representative, at the provider under their verified company e-mail */
  rep: {
    sub: 'julien.lefevre',
    email: 'rep@demo-crm.fr',
    email_verified: true,
    given_name: 'Julien',
    family_name: 'Lefèvre',
  },
  /** the demo manager */
  manager: { sub: 'marc.manager', email: 'manager@demo-crm.fr', email_verified: true },
  /** someone the product does not know (automatic creation is off in the suite) */
  stranger: { sub: 'inconnu', email: 'inconnu@labo-externe.fr', email_verified: true },
} satisfies Record<string, TestAccount>;

export const SSO_CLIENT_ID = 'praxis-crm-e2e';
