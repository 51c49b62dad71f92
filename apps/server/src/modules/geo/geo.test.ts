import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { topology } from 'topojson-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { COMMUNES, UGA_ZONE_BY_INSEE } from '#server/demo/directory/communes.ts';
import { registerAuthentication } from '#server/http/authenticate.ts';
import { registerErrorHandling } from '#server/http/errors.ts';
import { authRoutes } from '#server/modules/auth/auth.routes.ts';
import { createServices } from '#server/services.ts';
import { createFactory } from '#server/test/factory.ts';
import { signIn } from '#server/test/callers.ts';
import { createTestApp, createTestDatabase, engines } from '#server/test/harness.ts';
import { geoRoutes } from './geo.routes.ts';
import { GeoService, type GeoSettings } from './geo.service.ts';
import { coarseGeocode } from './geocoder.ts';
import { UgaBoundaries } from './uga-boundaries.ts';

const SAMPLE_UGA_FILE = path.resolve(import.meta.dirname, '../../../data/uga/uga-sample.topojson');
const zoneOf = (insee: string) => UGA_ZONE_BY_INSEE.get(insee);

/**
 * A stand-in for the national address API on 127.0.0.1, speaking its protocol:
 * GET /search/?q=<text>&limit=1 → a GeoJSON FeatureCollection of points, best first.
 */
type GeocoderReply = { status?: number; body?: unknown; delayMs?: number };

class FakeGeocoder {
  readonly queries: URLSearchParams[] = [];
  reply: (query: string) => GeocoderReply = () => ({ body: featureCollection([]) });
  private server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || !/^\/search\/?$/.test(url.pathname)) {
      response.writeHead(404).end();
      return;
    }
    this.queries.push(url.searchParams);
    const { status = 200, body, delayMs = 0 } = this.reply(url.searchParams.get('q') ?? '');
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body ?? { code: status, message: 'error' }));
    }, delayMs);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function featureCollection(features: { lon: number; lat: number; label: string; postcode: string; city: string }[]) {
  return {
    type: 'FeatureCollection',
    version: 'draft',
    features: features.map((f) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [f.lon, f.lat] },
      properties: {
        label: f.label,
        score: 0.97,
        type: 'housenumber',
        postcode: f.postcode,
        city: f.city,
        citycode: '69382',
        context: '69, Rhône, Auvergne-Rhône-Alpes',
      },
    })),
    attribution: 'BAN',
    licence: 'ETALAB-2.0',
    limit: 1,
  };
}

/** A port nobody listens on: connections to it are refused at once. */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * The geo routes with the real authentication, on a test-only Fastify instance (the real app registers
 * them under /api the same way).
 */
async function geoTestApp(database: DatabaseHandle, geo: GeoService): Promise<FastifyInstance> {
  const config = loadConfig({ DEMO_MODE: 'false', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
  const services = await createServices(database.db, config);
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(
    async (api) => {
      registerAuthentication(api, services.auth);
      await api.register(authRoutes, { auth: services.auth, configuration: services.configuration });
      await api.register(geoRoutes, { geo });
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

describe.each(engines())('GET /api/geo/uga on %s', (engine) => {
  const geocoder = new FakeGeocoder();
  let geocoderUrl: string;
  let database: DatabaseHandle;
  let reader: { authorization: string };
  const apps: FastifyInstance[] = [];

  const appWith = async (settings: Partial<GeoSettings> = {}) => {
    const app = await geoTestApp(database, new GeoService({ geocoderUrl, ugaFile: SAMPLE_UGA_FILE, ...settings }));
    apps.push(app);
    return app;
  };
  const ask = (app: FastifyInstance, query: Record<string, string>, language = 'en') =>
    app.inject({
      method: 'GET',
      url: '/api/geo/uga',
      query,
      headers: { authorization: reader.authorization, 'accept-language': language },
    });
  const bellecour = { address: '10 place Bellecour', postal_code: '69002', city: 'Lyon' };

  beforeAll(async () => {
    geocoderUrl = await geocoder.start();
    database = await createTestDatabase(engine);
    // A read-only representative: UGA extraction only reads, so any signed-in user may ask.
    const user = await createFactory(database.db).user({ email: 'reader@test-crm.fr', readWrite: false });
    const app = await appWith();
    reader = await signIn(app, user.email, user.password);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await geocoder.stop();
    await database.close();
  });
  beforeEach(() => {
    geocoder.queries.length = 0;
    geocoder.reply = () => ({ body: featureCollection([]) });
  });

  it("answers the UGA zone containing the national geocoder's point, and the point", async () => {
    geocoder.reply = () => ({
      body: featureCollection([
        { lon: 4.8321, lat: 45.7578, label: '10 Place Bellecour 69002 Lyon', postcode: '69002', city: 'Lyon' },
      ]),
    });
    const response = await ask(await appWith(), bellecour);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...zoneOf('69382'), latitude: 45.7578, longitude: 4.8321, precision: 'address' });
    expect(zoneOf('69382')?.name).toBe('Lyon 2e');
    expect(geocoder.queries).toHaveLength(1);
    expect(geocoder.queries[0]?.get('q')).toBe('10 place Bellecour 69002 Lyon');
    expect(geocoder.queries[0]?.get('limit')).toBe('1');
  });

  it("falls back to the postal code's commune when the geocoder is unreachable, and says so", async () => {
    const app = await appWith({ geocoderUrl: await closedPortUrl() });
    const response = await ask(app, { address: '12 rue Oberkampf', postal_code: '75011', city: 'Paris' });
    expect(response.statusCode).toBe(200);
    const paris11 = COMMUNES.find((commune) => commune.insee === '75111');
    expect(response.json()).toEqual({
      ...zoneOf('75111'),
      latitude: paris11?.latitude,
      longitude: paris11?.longitude,
      precision: 'commune',
    });
  });

  it('falls back as well when the geocoder does not answer within its timeout', async () => {
    geocoder.reply = () => ({ delayMs: 2_000, body: featureCollection([]) });
    const app = await appWith({ geocoderTimeoutMs: 200 });
    const response = await ask(app, { address: '3 rue de la Paix', postal_code: '35000', city: 'Rennes' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...zoneOf('35238'), precision: 'commune' });
  });

  it('answers at commune precision with no geocoder configured at all', async () => {
    const app = await appWith({ geocoderUrl: null });
    const response = await ask(app, { address: '1 place du Capitole', postal_code: '31000', city: 'Toulouse' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...zoneOf('31555'), precision: 'commune' });
  });

  it("says 'No results found for this address' when the geocoder finds nothing, without the commune standing in", async () => {
    const app = await appWith();
    // The commune table knows 69002: the geocoder's answer wins all the same.
    const english = await ask(app, bellecour, 'en');
    expect(english.statusCode).toBe(404);
    expect(english.json()).toEqual({ code: 'GEOCODING_NO_RESULT', message: 'No results found for this address' });
    const french = await ask(app, bellecour, 'fr');
    expect(french.statusCode).toBe(404);
    expect(french.json()).toEqual({ code: 'GEOCODING_NO_RESULT', message: 'Aucun résultat pour cette adresse' });
    expect(geocoder.queries).toHaveLength(2);
  });

  it("says 'Geocoding request failed' when the geocoder answers an error or something else than its protocol", async () => {
    const app = await appWith();
    const replies: GeocoderReply[] = [
      { status: 503 },
      { status: 500 },
      { status: 400, body: { code: 400, message: 'q must contain between 3 and 200 chars' } },
      { body: '<html>maintenance</html>' },
      { body: { features: [{ geometry: { type: 'Point', coordinates: ['x'] } }] } },
    ];
    for (const reply of replies) {
      geocoder.reply = () => reply;
      // The commune table knows 69002: an answer that is an error is not a silence, nothing stands in.
      const response = await ask(app, bellecour);
      expect(response.statusCode, JSON.stringify(reply)).toBe(502);
      expect(response.json()).toEqual({ code: 'GEOCODING_FAILED', message: 'Geocoding request failed' });
    }
    const french = await ask(app, bellecour, 'fr');
    expect(french.json()).toEqual({ code: 'GEOCODING_FAILED', message: 'Échec de la requête de géocodage' });
  });

  it("says 'Geocoding request failed' when the geocoder is unreachable or absent and no commune has the postal code", async () => {
    const nowhere = { address: '1 chemin du Bout du Monde', postal_code: '99999', city: 'Nulle-Part' };
    for (const geocoderUrl of [await closedPortUrl(), null]) {
      const response = await ask(await appWith({ geocoderUrl }), nowhere);
      expect(response.statusCode, String(geocoderUrl)).toBe(502);
      expect(response.json()).toEqual({ code: 'GEOCODING_FAILED', message: 'Geocoding request failed' });
    }
  });

  it('fails with the geocoder when the fallback is off', async () => {
    const app = await appWith({ geocoderUrl: await closedPortUrl(), coarseFallback: false });
    const response = await ask(app, bellecour);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'GEOCODING_FAILED' });
  });

  it("says 'No UGA found for these coordinates' for a point outside every zone", async () => {
    // The sample file covers metropolitan France: La Réunion is in none of its zones.
    geocoder.reply = () => ({
      body: featureCollection([
        {
          lon: 55.4504,
          lat: -20.8823,
          label: '1 Rue de Paris 97400 Saint-Denis',
          postcode: '97400',
          city: 'Saint-Denis',
        },
      ]),
    });
    const response = await ask(await appWith(), {
      address: '1 rue de Paris',
      postal_code: '97400',
      city: 'Saint-Denis',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'UGA_NOT_FOUND', message: 'No UGA found for these coordinates' });
  });

  it("says 'Failed to load UGA topojson file' when the UGA file is missing or is not TopoJSON", async () => {
    geocoder.reply = () => ({
      body: featureCollection([
        { lon: 4.8321, lat: 45.7578, label: '10 Place Bellecour 69002 Lyon', postcode: '69002', city: 'Lyon' },
      ]),
    });
    const missing = await appWith({ ugaFile: path.join(os.tmpdir(), 'no-such-uga-file.topojson') });
    const response = await ask(missing, bellecour);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'UGA_FILE_FAILED', message: 'Failed to load UGA topojson file' });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-uga-'));
    const file = path.join(dir, 'broken.topojson');
    fs.writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [] }));
    const broken = await appWith({ ugaFile: file });
    const french = await ask(broken, bellecour, 'fr');
    expect(french.statusCode).toBe(500);
    expect(french.json()).toEqual({
      code: 'UGA_FILE_FAILED',
      message: 'Impossible de charger le fichier topojson des UGA',
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('asks for the address, the postal code and the city', async () => {
    const response = await ask(await appWith(), { address: '10 place Bellecour', city: ' ' });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; fields: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields).sort()).toEqual(['city', 'postal_code']);
    expect(geocoder.queries).toHaveLength(0);
  });

  it('answers only signed-in users', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/api/geo/uga', query: bellecour });
    expect(response.statusCode).toBe(401);
    expect(geocoder.queries).toHaveLength(0);
  });
});

describe.each(engines())('UGA extraction in the application on %s', (engine) => {
  it('answers through the configured geocoder (GEOCODER_URL) and the default sample file', async () => {
    const geocoder = new FakeGeocoder();
    geocoder.reply = () => ({
      body: featureCollection([
        {
          lon: 5.3662,
          lat: 43.3113,
          label: '1 Place de la Joliette 13002 Marseille',
          postcode: '13002',
          city: 'Marseille',
        },
      ]),
    });
    const t = await createTestApp(engine, { GEOCODER_URL: await geocoder.start() });
    try {
      const user = await t.factory.user({ readWrite: false });
      const { authorization } = await signIn(t.app, user.email, user.password);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/geo/uga',
        query: { address: '1 place de la Joliette', postal_code: '13002', city: 'Marseille' },
        headers: { authorization },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...zoneOf('13202'),
        latitude: 43.3113,
        longitude: 5.3662,
        precision: 'address',
      });
      expect(geocoder.queries).toHaveLength(1);
    } finally {
      await t.close();
      await geocoder.stop();
    }
  });
});

describe('the coarse geocoder', () => {
  const centre = (insee: string) => {
    const commune = COMMUNES.find((c) => c.insee === insee);
    return commune ? { latitude: commune.latitude, longitude: commune.longitude } : null;
  };

  it("finds the postal code's commune, the one named like the city when the code serves several", () => {
    expect(coarseGeocode({ postal_code: '69007', city: 'Lyon' })).toEqual(centre('69387'));
    expect(coarseGeocode({ postal_code: '95000', city: 'Pontoise' })).toEqual(centre('95500'));
    expect(coarseGeocode({ postal_code: '95000', city: 'Cergy' })).toEqual(centre('95127'));
  });

  it('finds the commune by its name when the postal code is unknown, accents, case and Cedex aside', () => {
    expect(coarseGeocode({ postal_code: '42029', city: 'SAINT-ETIENNE CEDEX 1' })).toEqual(centre('42218'));
    expect(coarseGeocode({ postal_code: '', city: 'St Étienne' })).toEqual(centre('42218'));
    expect(coarseGeocode({ postal_code: '13299', city: 'Marseille 8e' })).toEqual(centre('13208'));
  });

  it('answers nothing for a place it does not know', () => {
    expect(coarseGeocode({ postal_code: '99999', city: 'Nulle-Part' })).toBeNull();
  });
});

describe('the UGA boundary file', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-uga-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const square = (west: number, south: number, size: number, clockwise: boolean) => {
    const ring = [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ];
    // Counter-clockwise on the map is RFC 7946's exterior ring; d3-geo wants clockwise.
    return clockwise ? ring.reverse() : ring;
  };
  const writeZones = (name: string, clockwise: boolean) => {
    const file = path.join(dir, name);
    const zones = {
      type: 'FeatureCollection' as const,
      features: [
        {
          type: 'Feature' as const,
          properties: { code: 'Z1', name: 'Zone un' },
          geometry: { type: 'Polygon' as const, coordinates: [square(2, 48, 1, clockwise)] },
        },
        {
          type: 'Feature' as const,
          id: 'Z2',
          properties: {},
          geometry: { type: 'Polygon' as const, coordinates: [square(3, 48, 1, clockwise)] },
        },
      ],
    };
    fs.writeFileSync(file, JSON.stringify(topology({ zones })));
    return file;
  };

  it('reads zones of either winding, from the first object, with the id when there is no code', async () => {
    for (const clockwise of [true, false]) {
      const boundaries = new UgaBoundaries(writeZones(`zones-${String(clockwise)}.topojson`, clockwise));
      expect(await boundaries.find({ longitude: 2.5, latitude: 48.5 })).toEqual({ code: 'Z1', name: 'Zone un' });
      expect(await boundaries.find({ longitude: 3.5, latitude: 48.5 })).toEqual({ code: 'Z2', name: 'Z2' });
      expect(await boundaries.find({ longitude: 10, latitude: 40 })).toBeNull();
    }
  });

  it('reads the file once, and again after a failure', async () => {
    const file = path.join(dir, 'later.topojson');
    const boundaries = new UgaBoundaries(file);
    await expect(boundaries.find({ longitude: 2.5, latitude: 48.5 })).rejects.toMatchObject({
      code: 'UGA_FILE_FAILED',
    });
    fs.copyFileSync(writeZones('source.topojson', true), file);
    expect(await boundaries.find({ longitude: 2.5, latitude: 48.5 })).toMatchObject({ code: 'Z1' });
    fs.rmSync(file);
    expect(await boundaries.find({ longitude: 3.5, latitude: 48.5 })).toMatchObject({ code: 'Z2' });
  });

  it('puts every commune of the demo table in its own zone of the sample file', async () => {
    const boundaries = new UgaBoundaries(SAMPLE_UGA_FILE);
    for (const commune of COMMUNES) {
      expect(await boundaries.find(commune)).toEqual(zoneOf(commune.insee));
    }
  });
});
