import { describe, expect, it } from 'vitest';
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import pagesEn from './pages/en.json' with { type: 'json' };
import pagesFr from './pages/fr.json' with { type: 'json' };
import { ERROR_CODES } from '../errors/error-codes.ts';

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('shared message catalogues', () => {
  it('French and English have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(fr).sort());
    // The part the web loads with its admin pages only (decision 0061).
    expect(keys(pagesEn).sort()).toEqual(keys(pagesFr).sort());
  });

  it('every error code has its message', () => {
    for (const code of ERROR_CODES) {
      expect(fr.errors).toHaveProperty(code);
      expect(en.errors).toHaveProperty(code);
    }
  });
});
