import { describe, expect, it } from 'vitest';
import { redactedUrl } from './log-redaction.ts';

describe('redactedUrl', () => {
  it("replaces the values of the single sign-on's secret parameters", () => {
    expect(redactedUrl('/api/auth/sso/callback?code=abc&state=def&iss=https%3A%2F%2Fidp.fr')).toBe(
      '/api/auth/sso/callback?code=redacted&state=redacted&iss=https%3A%2F%2Fidp.fr',
    );
    expect(redactedUrl('/auth/callback?token=eyJ.eyJ.sig')).toBe('/auth/callback?token=redacted');
  });

  it('leaves other addresses as they are', () => {
    expect(redactedUrl('/api/doctors/search?search=dupont&page=2')).toBe('/api/doctors/search?search=dupont&page=2');
    expect(redactedUrl('/api/health')).toBe('/api/health');
  });
});
