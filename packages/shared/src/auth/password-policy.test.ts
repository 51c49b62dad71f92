import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_CORES } from './common-passwords.ts';
import { passwordCore } from './password-core.ts';
import { isCommonPassword, NewPassword, PASSWORD_MIN_LENGTH } from './password-policy.ts';

const messageOf = (password: string) => NewPassword.safeParse(password).error?.issues[0]?.message;

describe('the password policy', () => {
  it('asks for at least 12 characters, counted as the person sees them', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(messageOf('')).toBe('validation.required');
    expect(messageOf('Kx9!vTq2#mL')).toBe('password.tooShort');
    expect(messageOf('Kx9!vTq2#mLw')).toBeUndefined();
    // Twelve accented letters are twelve characters, whatever their encoding.
    expect(messageOf('éèêëàâäîïôöù')).toBeUndefined();
    // Emoji count once each.
    expect(messageOf('🐘🐘🐘🐘🐘🐘🐘🐘🐘🐘🐘')).toBe('password.tooShort');
  });

  it('accepts long passphrases and refuses beyond the sign-in limit', () => {
    expect(messageOf('correct horse battery staple')).toBeUndefined();
    expect(messageOf('a'.repeat(30) + 'Zq9'.repeat(20))).toBeUndefined();
    expect(messageOf('x'.repeat(1025))).toBe('validation.tooLong');
  });

  it('refuses the most common passwords however they are decorated', () => {
    for (const password of [
      'password1234',
      'Password2024!',
      'P@ssw0rd12345',
      '!!!Sunshine2025',
      'qwertyuiop123',
      'azertyuiop12',
      'iloveyou1234',
      'Football#2026',
      'monkeymonkey',
      'LetMeIn!LetMeIn!',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(messageOf(password), password).toBe('password.common');
    }
  });

  it('refuses runs and repetitions of characters', () => {
    for (const password of [
      '123456789012',
      '987654321098',
      'aaaaaaaaaaaa',
      'abcabcabcabc',
      '121212121212',
      'abcdefghijklm',
    ]) {
      expect(messageOf(password), password).toBe('password.common');
    }
  });

  it('accepts passwords that merely contain a common word among others', () => {
    for (const password of [
      'monkey-island-42',
      'Le chat dort sur le canapé',
      'Tr0ub4dor&3-horse',
      'visite-cabinet-lyon',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('ships the cores of the 10,000 most common passwords', () => {
    const cores = COMMON_PASSWORD_CORES.split('\n');
    expect(cores.length).toBeGreaterThan(7000);
    expect(cores).toContain('password');
    expect(cores).toContain('azertyuiop');
    // Every shipped entry is already a core: the list and the check agree.
    expect(cores.filter((core) => passwordCore(core) !== core)).toEqual([]);
  });
});
