import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { centsToTyped, eurosToCents, formatCents } from '@/modules/transparency/utils/amounts';

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('euros typed to cents', () => {
  it('reads the digits, so no binary fraction creeps in', () => {
    // 0.29 * 100 is 28.999999999999996 and 1.15 * 100 is 114.99999999999999 in floating point.
    expect(eurosToCents('0,29')).toBe(29);
    expect(eurosToCents('1.15')).toBe(115);
    expect(eurosToCents('30')).toBe(3000);
    expect(eurosToCents('30,00')).toBe(3000);
    expect(eurosToCents('30,01')).toBe(3001);
    expect(eurosToCents('29,9')).toBe(2990);
    expect(eurosToCents(' 1 234,50 € ')).toBe(123_450);
    expect(eurosToCents('1\u202f234,5')).toBe(123_450);
  });

  it('refuses what is not an amount of euros and cents', () => {
    for (const typed of ['', 'abc', '12,345', '-3', '1,2,3', '1e3', '.5', '12,']) {
      expect(eurosToCents(typed), typed).toBeNull();
    }
    expect(eurosToCents('1000001')).toBeNull();
  });

  it('writes cents back as the user types them, and formats them in the language', async () => {
    await i18n.changeLanguage('fr');
    expect(centsToTyped(2990)).toBe('29,90');
    expect(formatCents(123_450).replace(/\s/g, ' ')).toBe('1 234,50 €');
    await i18n.changeLanguage('en');
    expect(centsToTyped(5)).toBe('0.05');
    expect(formatCents(123_450)).toBe('€1,234.50');
  });
});
