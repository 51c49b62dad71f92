import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, isRequest, jsonResponse, stubFetch } from '@/test/fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isRequest', () => {
  it('matches the method, the path and the parameters in any order', () => {
    const key = 'GET /api/doctors/search?search=mar&page=1&limit=50';
    expect(isRequest(key, '/api/doctors/search?limit=50&search=mar&page=1')).toBe(true);
    expect(isRequest(key, '/api/doctors/search?search=mar&page=1&limit=50', { method: 'POST' })).toBe(false);
    expect(isRequest(key, '/api/doctors/search?search=mar&page=2&limit=50')).toBe(false);
    expect(isRequest(key, '/api/doctors/search?search=mar&page=1')).toBe(false);
    expect(isRequest(key, '/api/doctors?search=mar&page=1&limit=50')).toBe(false);
  });

  it('reads a space encoded either way, and a key without a method as a GET', () => {
    expect(isRequest('/api/geo/uga?address=3 place Bellecour', '/api/geo/uga?address=3+place+Bellecour')).toBe(true);
    expect(isRequest('GET /api/geo/uga?address=3%20place', '/api/geo/uga?address=3+place')).toBe(true);
  });

  it('ignores the parameters when asked to', () => {
    expect(isRequest('GET /api/activities', '/api/activities?status=done', undefined, { anyParams: true })).toBe(true);
    expect(isRequest('GET /api/activities', '/api/activities?status=done')).toBe(false);
  });
});

describe('stubFetch', () => {
  it('answers by method, path and parameters, and 404 otherwise', async () => {
    const fetchMock = stubFetch({ 'GET /api/offices?search=parc&page=1': () => jsonResponse({ ok: true }) });
    expect((await fetch('/api/offices?page=1&search=parc')).status).toBe(200);
    expect((await fetch('/api/offices?page=2&search=parc')).status).toBe(404);
    expect(callsTo(fetchMock, 'GET /api/offices?page=1&search=parc')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/offices', { anyParams: true })).toHaveLength(2);
  });
});
