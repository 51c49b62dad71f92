import { describe, expect, it } from 'vitest';
import { normalizeForSearch, searchTerms } from '../common/text.ts';
import { compareSearchResults, RPPS_PATTERN, SEARCH_SCORES, searchScore } from './doctors.rules.ts';
import { DoctorInput } from './doctors.schemas.ts';
import { FRENCH_PHONE_PATTERN, OfficeInput } from '../offices/offices.schemas.ts';

const marie = { firstName: 'Marie', lastName: 'Dupont', rpps: '10001234567' };

describe('search normalisation', () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalizeForSearch('  Élodie-Anne  D’ARTAGNAN ')).toBe('elodie anne d artagnan');
    expect(searchTerms('Zoé   ZOLA')).toEqual(['zoe', 'zola']);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('searchScore (spec 001 section 5)', () => {
  it('scores an exact first and last name 1000, in either order', () => {
    expect(searchScore(marie, 'marie dupont')).toBe(SEARCH_SCORES.exactName);
    expect(searchScore(marie, 'DUPONT Marie')).toBe(1000);
  });

  it('scores a partial match on both names 100', () => {
    expect(searchScore(marie, 'mar dup')).toBe(SEARCH_SCORES.bothNames);
    expect(searchScore({ ...marie, firstName: 'Marie-Claire' }, 'claire dupont')).toBe(100);
  });

  it('scores a hit on one name 10', () => {
    expect(searchScore(marie, 'dupo')).toBe(SEARCH_SCORES.oneName);
    expect(searchScore(marie, 'mari')).toBe(10);
  });

  it('scores an RPPS match 5', () => {
    expect(searchScore(marie, '1000123')).toBe(SEARCH_SCORES.rpps);
  });

  it('is 0 when a word matches nothing, or the text is empty', () => {
    expect(searchScore(marie, 'marie martin')).toBe(0);
    expect(searchScore(marie, '')).toBe(0);
    expect(searchScore(marie, '2000')).toBe(0);
  });

  it('orders by score, then last name, then first name', () => {
    const rows = [
      { firstName: 'Paul', lastName: 'Martin', rpps: '1', score: 10 },
      { firstName: 'Anne', lastName: 'Martin', rpps: '2', score: 10 },
      { firstName: 'Zoé', lastName: 'Abel', rpps: '3', score: 10 },
      { firstName: 'Marie', lastName: 'Zola', rpps: '4', score: 1000 },
    ];
    expect([...rows].sort(compareSearchResults).map((r) => `${r.firstName} ${r.lastName}`)).toEqual([
      'Marie Zola',
      'Zoé Abel',
      'Anne Martin',
      'Paul Martin',
    ]);
  });
});

describe('doctor validation (spec 000 section 5)', () => {
  const valid = { rpps: '10001234567', firstName: 'Marie', lastName: 'Dupont', primarySpecialty: 'Cardiology' };
  const messages = (input: object) => {
    const result = DoctorInput.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts 1 to 12 digits of RPPS and nothing else', () => {
    expect(RPPS_PATTERN.test('1')).toBe(true);
    expect(RPPS_PATTERN.test('123456789012')).toBe(true);
    expect(RPPS_PATTERN.test('1234567890123')).toBe(false);
    expect(messages({ ...valid, rpps: '12a' })).toEqual({ rpps: 'doctors.rppsFormat' });
  });

  it('requires the names and the primary specialty', () => {
    expect(messages({ rpps: '1' })).toEqual({
      firstName: 'validation.required',
      lastName: 'validation.required',
      primarySpecialty: 'validation.required',
    });
  });

  it('checks the e-mail format, and treats an empty one as none', () => {
    expect(messages({ ...valid, email: 'marie@' })).toEqual({ email: 'doctors.invalidEmail' });
    expect(DoctorInput.parse({ ...valid, email: '' }).email).toBeNull();
  });
});

describe('office validation (spec 000 section 5)', () => {
  it('accepts French phones as ten digits or five pairs', () => {
    for (const phone of ['0123456789', '01 23 45 67 89']) expect(FRENCH_PHONE_PATTERN.test(phone)).toBe(true);
    for (const phone of ['123456789', '01-23-45-67-89', '01 2345 6789', '+33123456789']) {
      expect(FRENCH_PHONE_PATTERN.test(phone)).toBe(false);
    }
  });

  it('requires name, address, postal code, city and UGA', () => {
    const result = OfficeInput.safeParse({});
    expect(result.success).toBe(false);
    const fields = result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
    expect(fields.sort()).toEqual(['address', 'city', 'name', 'postal_code', 'uga']);
  });
});
