import { MAX_AMOUNT_CENTS } from '@crm/shared';
import { currentLanguage } from '@/lib/i18n';

/**
 * Euros as typed ("30", "29,99", "1 234.5", "€12.00") to integer cents, read from the digits themselves: a
 * multiplication of the parsed number by 100 would turn 0.29 into 28.999999999999996 (decision 0051). Null
 * for anything that is not a positive amount with at most two decimals, or above the largest amount allowed.
 */
export function eurosToCents(typed: string): number | null {
  const text = typed.replace(/[\s\u00a0\u202f€]/g, '');
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (match === null) return null;
  const [, whole = '', decimals = ''] = match;
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/** Cents as the form shows them again, in the user's language's decimal mark ("29,99", "29.99"). */
export function centsToTyped(cents: number): string {
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return currentLanguage() === 'fr' ? text.replace('.', ',') : text;
}

/** An amount in cents in the user's language: "1 234,50 €", "€1,234.50". */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat(currentLanguage(), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
