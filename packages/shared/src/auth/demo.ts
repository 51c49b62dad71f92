/** The demo accounts of DESIGN.md section 11, created on an empty database in demo mode. */
export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_ADMIN_EMAIL = 'demo@demo-crm.fr';

export type DemoAccount = {
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  readWrite: boolean;
  /** e-mail of the account's manager */
  managerEmail: string | null;
  role: 'demoAdmin' | 'manager' | 'representative' | 'reader';
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: DEMO_ADMIN_EMAIL,
    firstName: 'Camille',
    lastName: 'Durand',
    isAdmin: true,
    readWrite: true,
    managerEmail: null,
    role: 'demoAdmin',
  },
  {
    email: 'manager@demo-crm.fr',
    firstName: 'Hélène',
    lastName: 'Moreau',
    isAdmin: false,
    readWrite: true,
    managerEmail: null,
    role: 'manager',
  },
  {
    email: 'rep@demo-crm.fr',
    firstName: 'Julien',
    lastName: 'Lefèvre',
    isAdmin: false,
    readWrite: true,
    managerEmail: 'manager@demo-crm.fr',
    role: 'representative',
  },
  {
    email: 'reader@demo-crm.fr',
    firstName: 'Sophie',
    lastName: 'Bernard',
    isAdmin: false,
    readWrite: false,
    managerEmail: 'manager@demo-crm.fr',
    role: 'reader',
  },
];

/** Only the demo administrator sees the demo tag and the offline-simulation toggle. */
export function isDemoAdmin(user: { email: string } | null | undefined): boolean {
  return user?.email.toLowerCase() === DEMO_ADMIN_EMAIL;
}
