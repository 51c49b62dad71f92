import { normalizeForSearch } from '@crm/shared';
import type { Random } from '#server/demo/random.ts';

/**
 * A French number: 0, the area or mobile digit, then four pairs; written as five pairs separated by
 * spaces (the usual way) or as ten digits.
 */
export function phoneNumber(random: Random, firstDigit: number, spacedShare: number): string {
  const pairs = Array.from({ length: 4 }, () => String(random.int(100)).padStart(2, '0'));
  return random.chance(spacedShare) ? `0${firstDigit} ${pairs.join(' ')}` : `0${firstDigit}${pairs.join('')}`;
}

/** 'Cabinet médical du Dr Lefèvre' → 'cabinet.medical.du.dr.lefevre' (at most 40 characters). */
export function emailLocalPart(text: string): string {
  return normalizeForSearch(text).split(' ').join('.').slice(0, 40).replace(/\.+$/, '');
}
