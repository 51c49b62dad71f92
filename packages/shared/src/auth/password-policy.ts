import { z } from 'zod';
import { COMMON_PASSWORD_CORES } from './common-passwords.ts';
import { passwordCore } from './password-core.ts';

/** At least this many characters (Unicode code points): length is what makes a password hard to guess. */
export const PASSWORD_MIN_LENGTH = 12;
/** As many as the sign-in accepts: long passphrases are welcome. */
export const PASSWORD_MAX_LENGTH = 1024;

let commonCores: Set<string> | null = null;

/** Built on first use: the list costs nothing to pages and requests that never check a password. */
function isCommonCore(core: string): boolean {
  commonCores ??= new Set(COMMON_PASSWORD_CORES.split('\n'));
  return commonCores.has(core);
}

/** The whole text is one short unit repeated ('abcabcabcabc', '121212121212'). */
function isRepetition(text: string): boolean {
  const chars = Array.from(text);
  for (let unit = 1; unit <= chars.length / 2; unit += 1) {
    if (chars.length % unit === 0 && chars.every((char, index) => char === chars[index % unit])) return true;
  }
  return false;
}

/** Each character follows the previous one up or down ('123456789012', 'abcdefghijkl', '987654321098'). */
function isRun(text: string): boolean {
  if (text.length < 3) return false;
  const step = (index: number) => {
    const delta = text.charCodeAt(index) - text.charCodeAt(index - 1);
    // 9 → 0 and 0 → 9 continue a run of digits.
    return delta === -9 ? 1 : delta === 9 ? -1 : delta;
  };
  const first = step(1);
  if (first !== 1 && first !== -1) return false;
  for (let index = 2; index < text.length; index += 1) if (step(index) !== first) return false;
  return true;
}

/**
 * A password an attacker tries early: one of the 10,000 most common passwords, decorated or not
 * ('Password2024!', 'p@ssw0rd1234'), a repetition of one ('monkeymonkey'), or a run or repetition of
 * characters ('123456789012', 'aaaaaaaaaaaa'). OWASP ASVS 6.2.4 and 6.2.12; no composition rules (6.2.5).
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  if (isRepetition(lower) || isRun(lower)) return true;
  const core = passwordCore(password);
  if (core === '') return false;
  if (isCommonCore(core) || isRepetition(core) || isRun(core)) return true;
  const chars = Array.from(core);
  for (let unit = 3; unit <= chars.length / 2; unit += 1) {
    if (chars.length % unit !== 0) continue;
    const part = chars.slice(0, unit).join('');
    if (part.repeat(chars.length / unit) === core && isCommonCore(part)) return true;
  }
  return false;
}

/**
 * A new password as every form and route that sets one checks it (set-password, change password): at least
 * 12 characters, not a common password. Messages are catalogue keys.
 */
export const NewPassword = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.tooLong' })
  .refine((password) => Array.from(password).length >= PASSWORD_MIN_LENGTH, {
    error: 'password.tooShort',
    abort: true,
  })
  .refine((password) => !isCommonPassword(password), { error: 'password.common' });
export type NewPassword = z.infer<typeof NewPassword>;
