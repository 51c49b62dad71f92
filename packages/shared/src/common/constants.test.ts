import { describe, expect, it } from 'vitest';
import { toLanguage } from './constants.ts';

describe('toLanguage', () => {
  it('is French by default and for anything but English', () => {
    expect(toLanguage(undefined)).toBe('fr');
    expect(toLanguage('')).toBe('fr');
    expect(toLanguage('de-DE')).toBe('fr');
    expect(toLanguage('fr-FR')).toBe('fr');
  });

  it('is English for any English variant', () => {
    expect(toLanguage('en')).toBe('en');
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage(' EN-us')).toBe('en');
  });
});
