import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, HTTP_ERROR_CODE, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { contactPatch } from '@/modules/consents/hooks/useContactAutoSave';
import { saveErrorMessage, signatureProblem } from '@/modules/consents/utils/consent-messages';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('signatureProblem (spec 000 §5, before sending)', () => {
  it('names what is wrong with the drawing, or nothing', () => {
    expect(signatureProblem('')).toBe('Please provide a signature');
    expect(signatureProblem(`data:image/png;base64,${'A'.repeat(77)}`)).toBe('Please provide a valid signature');
    expect(signatureProblem(`data:image/png;base64,${'A'.repeat(78)}`)).toBeNull();
    expect(signatureProblem('A'.repeat(5 * 1024 * 1024))).toBeNull();
    expect(signatureProblem('A'.repeat(5 * 1024 * 1024 + 1))).toBe(
      'Signature image is too large. Please redraw with fewer strokes.',
    );
  });

  it('speaks French too', async () => {
    await i18n.changeLanguage('fr');
    expect(signatureProblem('')).toBe('Veuillez fournir une signature');
  });
});

describe('saveErrorMessage (spec 000 §8)', () => {
  it('gives the server message, the network error, or the generic failure', () => {
    expect(saveErrorMessage(new ApiError(400, 'Please provide a valid signature', 'VALIDATION_ERROR'))).toBe(
      'Failed to save signature: Please provide a valid signature',
    );
    expect(saveErrorMessage(new ApiError(0, 'offline', NETWORK_ERROR_CODE))).toBe(
      'Network error - please check your connection',
    );
    expect(saveErrorMessage(new Error('boom'))).toBe('Failed to save signature and consent');
    // A 413 from a proxy in front of the API, without the API's body, still says what to do.
    expect(saveErrorMessage(new ApiError(413, 'Request failed (413)', HTTP_ERROR_CODE))).toBe(
      'Failed to save signature: Signature image is too large. Please redraw with fewer strokes.',
    );
  });
});

describe('contactPatch (spec 000 §4: the e-mail only when empty or valid)', () => {
  const saved = { email: 'a@exemple.fr', phone: '0102030405' };
  it('sends what changed, a valid or emptied e-mail, never an invalid one', () => {
    expect(contactPatch(saved, saved)).toBeNull();
    expect(contactPatch(saved, { ...saved, email: 'b@exemple.fr' })).toEqual({ email: 'b@exemple.fr' });
    expect(contactPatch(saved, { ...saved, email: '' })).toEqual({ email: null });
    expect(contactPatch(saved, { ...saved, email: 'b@' })).toBeNull();
    expect(contactPatch(saved, { email: 'b@', phone: ' 06 00 00 00 00 ' })).toEqual({ phone: '06 00 00 00 00' });
    expect(contactPatch(saved, { ...saved, phone: '' })).toEqual({ phone: null });
  });
});
