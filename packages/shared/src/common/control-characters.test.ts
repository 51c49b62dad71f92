import { describe, expect, it } from 'vitest';
import { controlCharacterPath, hasControlCharacter } from './control-characters.ts';
import { optionalText, requiredString } from './fields.ts';

describe('control characters', () => {
  it('are NUL, the other C0 controls and DEL, not tab, line feed or carriage return', () => {
    for (const code of [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1f, 0x7f]) {
      expect(hasControlCharacter(`a${String.fromCharCode(code)}b`)).toBe(true);
    }
    for (const text of ['a\tb', 'a\nb', 'a\r\nb', 'Élodie Müller-Ōta', '€ ✓ 😀', '']) {
      expect(hasControlCharacter(text)).toBe(false);
    }
  });

  it('are found anywhere in a body, with the path that names the field', () => {
    expect(controlCharacterPath({ firstName: 'Ana', lastName: 'Do\u0000e' })).toEqual(['lastName']);
    expect(controlCharacterPath({ changes: [{ body: { ok: 1 } }, { body: { notes: ['x', 'y\u0007'] } }] })).toEqual([
      'changes',
      1,
      'body',
      'notes',
      1,
    ]);
    expect(controlCharacterPath({ 'bad\u0000key': 'value' })).toEqual(['bad\u0000key']);
    expect(controlCharacterPath('\u0000')).toEqual([]);
    expect(controlCharacterPath({ a: 1, b: null, c: [true, 'line\nfeed'] })).toBeNull();
    expect(controlCharacterPath(undefined)).toBeNull();
  });

  it('are refused by the shared text fields with their own message', () => {
    const required = requiredString().safeParse('Dup\u0000ont');
    expect(required.success).toBe(false);
    expect(required.error?.issues[0]?.message).toBe('validation.controlCharacter');
    const optional = optionalText().safeParse('note\u001b[31m');
    expect(optional.error?.issues[0]?.message).toBe('validation.controlCharacter');
    expect(optionalText().parse('two\nlines')).toBe('two\nlines');
  });
});
