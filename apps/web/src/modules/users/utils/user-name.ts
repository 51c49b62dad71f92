type Named = { email: string; displayName: string | null; firstName?: string | null; lastName?: string | null };

/** Spec 001 §2: the display name, else the full name, else the e-mail. */
export function userName(user: Named): string {
  if (user.displayName) return user.displayName;
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return full === '' ? user.email : full;
}

/** Up to two initials for the avatar: of the name's first two words, else of the e-mail. */
export function initialsOf(user: Named): string {
  const words = userName(user)
    .split(/[\s@._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
