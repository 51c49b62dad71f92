import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSession } from '@/app/session';
import { apiClient, apiRequest, ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { REP_USER } from '@/test/tokens';

const parseAny = { parse: (data: unknown) => data };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  setSession('token-123', REP_USER);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('apiClient', () => {
  it('sends the bearer token, the current language and JSON to /api', async () => {
    const fetchMock = stubFetch({ 'POST /api/doctors': () => jsonResponse({ id: '1' }, 201) });
    await expect(apiClient.post('/doctors', { lastName: 'Martin' }, parseAny)).resolves.toEqual({ id: '1' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer token-123',
      'Accept-Language': 'en',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe('{"lastName":"Martin"}');
  });

  it('sends French when French is chosen', async () => {
    await i18n.changeLanguage('fr');
    const fetchMock = stubFetch({ 'GET /api/auth/me': () => jsonResponse(REP_USER) });
    await apiClient.get('/auth/me', parseAny);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'Accept-Language': 'fr' });
  });

  it('throws the server error with its status, message, code and fields', async () => {
    stubFetch({
      'POST /api/doctors': () =>
        jsonResponse({ message: 'Invalid', code: 'VALIDATION_ERROR', fields: { rpps: 'validation.invalid' } }, 400),
    });
    const error = await apiClient.post('/doctors', {}, parseAny).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid',
      code: 'VALIDATION_ERROR',
      fields: { rpps: 'validation.invalid' },
    });
  });

  it('ends the session on any 401', async () => {
    stubFetch({ 'GET /api/auth/me': () => jsonResponse({ message: 'Expired', code: 'UNAUTHORIZED' }, 401) });
    await expect(apiClient.get('/auth/me', parseAny)).rejects.toMatchObject({ status: 401 });
    expect(getSession().isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session and sends no token for calls made before signing in (login)', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/login': () =>
        jsonResponse({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401),
    });
    await expect(apiClient.post('/auth/login', {}, parseAny, { auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
    expect(getSession().isAuthenticated).toBe(true);
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiClient.get('/health', parseAny)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network error - please check your connection',
    });
  });

  it('describes an error answer without the API body by its status', async () => {
    stubFetch({ 'GET /api/meta': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(apiClient.get('/meta', parseAny)).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'The server answered with an error (502)',
    });
  });

  it('answers undefined for 204', async () => {
    stubFetch({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    await expect(apiRequest('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});
