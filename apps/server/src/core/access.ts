import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { AppError } from './app-error.ts';

/** Doctors, offices and their links change only for users with readWrite (spec 000 section 6). */
export function requireWriter(auth: AuthContext): void {
  if (!auth.user.readWrite) throw new AppError('FORBIDDEN');
}

export function requireAdmin(auth: AuthContext): void {
  if (!auth.user.isAdmin) throw new AppError('FORBIDDEN');
}
