import { useSession } from '@/app/session';

/**
 * Whether the signed-in user may change doctors and offices (spec 000 §6: readWrite). Only hides the
 * controls: the server refuses the writes anyway.
 */
export function useCanWrite(): boolean {
  return useSession().user?.readWrite ?? false;
}
