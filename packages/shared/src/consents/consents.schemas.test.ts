import { describe, expect, it } from 'vitest';
import { CONSENT_CHOICE_BY_TEMPLATE_TYPE, givenChoices, givesAnyChoice } from './consents.rules.ts';
import { ConsentDoctorParams, ConsentInput, ConsentWithdrawalInput, SignatureImage } from './consents.schemas.ts';

const image = `data:image/png;base64,${'A'.repeat(200)}`;
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('ConsentInput', () => {
  it('reads the snake_case spelling of each field, camelCase winning when both come', () => {
    const input = ConsentInput.parse({
      signature_image: image,
      professional_consent: true,
      congress_consent: true,
      congressConsent: false,
      general_consent: false,
      signature_date: '2026-11-20T10:15:00+01:00',
    });
    expect(input).toMatchObject({
      signatureImage: image,
      professionalConsent: true,
      congressConsent: false,
      generalConsent: false,
      signatureDate: '2026-11-20T10:15:00+01:00',
    });
    expect(input).not.toHaveProperty('signature_image');
  });

  it('defaults the choices to not given and empty contact fields to null', () => {
    expect(ConsentInput.parse({ signatureImage: image, email: ' ', phone: '' })).toMatchObject({
      professionalConsent: false,
      congressConsent: false,
      generalConsent: false,
      email: null,
      phone: null,
    });
  });

  it('applies no e-mail rule on the consent screen (spec 000 §5)', () => {
    expect(ConsentInput.parse({ signatureImage: image, email: 'not an address' }).email).toBe('not an address');
  });
});

describe('SignatureImage: the spec messages at the boundaries', () => {
  it.each([
    [undefined, 'consents.signatureRequired'],
    ['', 'consents.signatureRequired'],
    ['x'.repeat(99), 'consents.signatureInvalid'],
    ['x'.repeat(5 * 1024 * 1024 + 1), 'consents.signatureTooLarge'],
  ])('%#: %s', (value, message) => {
    expect(messageOf(SignatureImage.safeParse(value))).toBe(message);
  });

  it('takes 100 characters and exactly 5 × 1024 × 1024', () => {
    expect(SignatureImage.safeParse('x'.repeat(100)).success).toBe(true);
    expect(SignatureImage.safeParse('x'.repeat(5 * 1024 * 1024)).success).toBe(true);
  });
});

describe('ConsentDoctorParams', () => {
  it("says 'Doctor ID is required' for an empty doctor", () => {
    expect(messageOf(ConsentDoctorParams.safeParse({ id: '' }))).toBe('consents.doctorIdRequired');
    expect(messageOf(ConsentDoctorParams.safeParse({ id: 'nope' }))).toBe('validation.id');
  });
});

describe('ConsentWithdrawalInput', () => {
  it('needs who asked and a reason; choices, when named, are at least one', () => {
    expect(ConsentWithdrawalInput.safeParse({ requestedBy: 'doctor', reason: ' Appel ' }).data).toEqual({
      requestedBy: 'doctor',
      reason: 'Appel',
    });
    expect(messageOf(ConsentWithdrawalInput.safeParse({ requestedBy: 'doctor', reason: '  ' }))).toBe(
      'validation.required',
    );
    expect(messageOf(ConsentWithdrawalInput.safeParse({ reason: 'Appel' }))).toBe('validation.required');
    expect(messageOf(ConsentWithdrawalInput.safeParse({ requestedBy: 'rep', reason: 'x', choices: [] }))).toBe(
      'validation.required',
    );
  });
});

describe('consent rules', () => {
  it('a consent gives at least one choice', () => {
    const none = { professionalConsent: false, congressConsent: false, generalConsent: false };
    expect(givesAnyChoice(none)).toBe(false);
    expect(givesAnyChoice({ ...none, congressConsent: true })).toBe(true);
    expect(givenChoices({ ...none, generalConsent: true, professionalConsent: true })).toEqual([
      'professional',
      'general',
    ]);
  });

  it('spec 001 §5: the choice each campaign template type needs', () => {
    expect(CONSENT_CHOICE_BY_TEMPLATE_TYPE).toEqual({
      medicine: 'professional',
      pharma: 'professional',
      congress: 'congress',
      general: 'general',
      event: 'general',
    });
  });
});
