import { useSession } from '@/app/session';

/**
 * Whether the signed-in user may change doctors and offices (spec 000 §6: readWrite). Only hides the
 * controls: the server refuses the writes anyway.
 */
export function useCanWrite(): boolean {
  return useSession().user?.readWrite ?? false;
}

/**
 * Whether the signed-in user manages anyone (spec 001 §6: managers approve their managees' budgets); null
 * until GET /api/auth/me has told.
 */
export function useIsManager(): boolean | null {
  const managees = useSession().user?.managees;
  return managees === undefined ? null : managees.length > 0;
}
