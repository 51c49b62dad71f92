import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { serverMessageOr } from '@/lib/errors';
import { i18n } from '@/lib/i18n';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('serverMessageOr (spec 001 §8: the server message, else the fallback)', () => {
  it('gives the message of an API error answer', () => {
    const answer = apiErrorOf(409, { message: 'A user with this e-mail already exists', code: 'CONFLICT' });
    expect(serverMessageOr(answer, 'Failed to create users')).toBe('A user with this e-mail already exists');
  });

  it('gives the fallback for an answer that is not the API’s, an empty message, or anything else thrown', () => {
    expect(serverMessageOr(apiErrorOf(502, null), 'Failed to send campaign')).toBe('Failed to send campaign');
    expect(serverMessageOr(apiErrorOf(500, { message: ' ', code: 'INTERNAL' }), 'Failed')).toBe('Failed');
    expect(serverMessageOr(new SyntaxError('Unexpected token <'), 'Failed')).toBe('Failed');
  });

  it('says that the server could not be reached', () => {
    const unreachable = new ApiError(0, 'Network error - please check your connection', NETWORK_ERROR_CODE);
    expect(serverMessageOr(unreachable, 'Failed')).toBe('Network error - please check your connection');
  });
});
