import { SPEC_SPECIALTIES, SPECIALTIES, UNSPECIFIED_SPECIALTY } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { specialtyOptions } from '@/modules/doctors/utils/specialty-options';
import { SEARCH_BY_LABEL } from '@/ui/search-by-label';

describe('specialtyOptions', () => {
  it("lists the spec's five first, the others alphabetically in the reader's language, unspecified last", () => {
    const options = specialtyOptions(SPECIALTIES, i18n.getFixedT('fr'), 'fr');
    expect(options.slice(0, 5).map((option) => option.value)).toEqual([...SPEC_SPECIALTIES]);
    expect(options.at(-1)?.value).toBe(UNSPECIFIED_SPECIALTY);
    const others = options.slice(5, -1).map((option) => option.label);
    expect(others).toEqual([...others].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    expect(options).toHaveLength(SPECIALTIES.length);
    expect(options[0]?.label).toBe('Cardiologie');
  });
});

describe('SEARCH_BY_LABEL', () => {
  it('finds a label from a fragment typed without accents or capitals', () => {
    const { filterOption } = SEARCH_BY_LABEL;
    expect(filterOption('gyneco', { label: 'Gynécologie-obstétrique' })).toBe(true);
    expect(filterOption('OBSTÉ', { label: 'Gynécologie-obstétrique' })).toBe(true);
    expect(filterOption('cardio', { label: 'Gynécologie-obstétrique' })).toBe(false);
    expect(filterOption('x', {})).toBe(false);
  });
});
