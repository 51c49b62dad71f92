import { type GeoPrecision, normalizeForSearch } from '@crm/shared';
import { z } from 'zod';
import { COMMUNES, type Commune } from '#server/demo/directory/communes.ts';
import { AppError } from '#server/core/app-error.ts';

export type GeoPoint = { latitude: number; longitude: number };
export type PostalAddress = { address: string; postal_code: string; city: string };
/** A point and how it was found: the address itself, or the commune standing in for it. */
export type GeocodedPoint = GeoPoint & { precision: GeoPrecision };

export type GeocoderOptions = {
  /** Base URL of a geocoder speaking the national address API's protocol (GET {url}/search/?q=…&limit=1); null: none. */
  url: string | null;
  /** The spec's network timeout: past it the geocoder counts as unreachable. */
  timeoutMs?: number;
  /** Answer from the built-in table of communes when the address API can't be reached (default true). */
  coarseFallback?: boolean;
};

export const DEFAULT_GEOCODER_TIMEOUT_MS = 3_000;

/** The part of the national address API's GeoJSON answer we read: the first feature's point. */
const SearchAnswer = z.object({
  features: z.array(
    z.object({
      geometry: z.object({
        type: z.literal('Point'),
        coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number()),
      }),
    }),
  ),
});

type RemoteOutcome =
  | { kind: 'found'; point: GeoPoint }
  | { kind: 'none' }
  /** Nobody answered (no network, refused, timed out): the normal case on a machine without internet. */
  | { kind: 'unreachable' }
  /** The geocoder answered, with an error or with something that is not its protocol. */
  | { kind: 'failed'; reason: string };

/**
 * Address → coordinates (docs/decisions/0017). Asks the national address API (or a server speaking its
 * protocol) and says what it answered: a point, no result (GEOCODING_NO_RESULT) or an error
 * (GEOCODING_FAILED). Only when the API can't be reached (no network, refused, timed out) or none is
 * configured does the commune of the postal code (or of the city) from the built-in table stand in, so
 * that UGA extraction works without internet, and the answer says it is of commune precision.
 */
export class Geocoder {
  private readonly url: string | null;
  private readonly timeoutMs: number;
  private readonly coarseFallback: boolean;

  constructor(options: GeocoderOptions) {
    this.url = options.url ? options.url.replace(/\/+$/, '') : null;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_GEOCODER_TIMEOUT_MS;
    this.coarseFallback = options.coarseFallback ?? true;
  }

  async geocode(address: PostalAddress): Promise<GeocodedPoint> {
    const remote: RemoteOutcome = this.url ? await this.searchRemote(address) : { kind: 'unreachable' };
    switch (remote.kind) {
      case 'found':
        return { ...remote.point, precision: 'address' };
      case 'none':
        throw new AppError('GEOCODING_NO_RESULT');
      case 'failed':
        throw this.failure(remote.reason);
      case 'unreachable': {
        const coarse = this.coarseFallback ? coarseGeocode(address) : null;
        if (coarse) return { ...coarse, precision: 'commune' };
        throw this.failure(this.url ? 'unreachable, and no commune for this postal code' : 'none configured');
      }
    }
  }

  private failure(reason: string): AppError {
    const failure = new AppError('GEOCODING_FAILED');
    failure.cause = { geocoder: this.url, reason };
    return failure;
  }

  private async searchRemote(address: PostalAddress): Promise<RemoteOutcome> {
    const url = new URL(`${this.url ?? ''}/search/`);
    url.searchParams.set('q', `${address.address} ${address.postal_code} ${address.city}`);
    url.searchParams.set('limit', '1');
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      return { kind: 'unreachable' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'failed', reason: `HTTP ${response.status}` };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // A body cut short by the timeout is a silence, not an answer.
      return error instanceof DOMException && error.name === 'TimeoutError'
        ? { kind: 'unreachable' }
        : { kind: 'failed', reason: 'not JSON' };
    }
    const parsed = SearchAnswer.safeParse(body);
    if (!parsed.success) return { kind: 'failed', reason: 'not a GeoJSON search answer' };
    const first = parsed.data.features[0];
    if (!first) return { kind: 'none' };
    const [longitude, latitude] = first.geometry.coordinates;
    return { kind: 'found', point: { latitude, longitude } };
  }
}

/** 'Saint-Étienne Cedex 2' and 'St Etienne' → 'saint etienne'; 'PARIS 11E', 'Paris 11e arrondissement' → 'paris 11'. */
function cityKey(city: string): string {
  return normalizeForSearch(city)
    .replace(/\bcedex\b.*$/, '')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .replace(/\b(\d+)(er|e|eme)?( arrondissement)?$/, (_match, number: string) => `${Number(number)}`)
    .trim();
}

/** Keys a commune answers to: its name, and for an arrondissement 'paris 11' as well. */
function communeKeys(commune: Commune): string[] {
  return [...new Set([cityKey(commune.name), cityKey(commune.label)])];
}

const communesByPostalCode = new Map<string, Commune[]>();
const communesByCity = new Map<string, Commune[]>();
for (const commune of COMMUNES) {
  for (const code of commune.postalCodes)
    communesByPostalCode.set(code, [...(communesByPostalCode.get(code) ?? []), commune]);
  for (const key of communeKeys(commune)) communesByCity.set(key, [...(communesByCity.get(key) ?? []), commune]);
}

/**
 * The built-in coarse geocoder: the postal code's commune (the one named like the city when the code serves
 * several), else the commune of that name (in the postal code's département when several share it).
 * Answers the commune's centre, or null when the table knows neither.
 */
export function coarseGeocode(address: Pick<PostalAddress, 'postal_code' | 'city'>): GeoPoint | null {
  const postalCode = address.postal_code.trim();
  const city = cityKey(address.city);
  const named = (commune: Commune) => communeKeys(commune).includes(city);
  const byPostalCode = communesByPostalCode.get(postalCode) ?? [];
  const byCity = communesByCity.get(city) ?? [];
  const commune =
    byPostalCode.find(named) ??
    byPostalCode[0] ??
    byCity.find((candidate) => candidate.postalCodes.some((code) => code.slice(0, 2) === postalCode.slice(0, 2))) ??
    byCity[0];
  return commune ? { latitude: commune.latitude, longitude: commune.longitude } : null;
}

const communesByInsee = new Map(COMMUNES.map((commune) => [commune.insee, commune]));

/**
 * The coarse geocoder for an address that names its commune by INSEE code (the national directory's): that
 * commune when the built-in table has it, else as coarseGeocode.
 */
export function coarseGeocodeCommune(
  address: Pick<PostalAddress, 'postal_code' | 'city'> & { inseeCode: string | null },
): GeoPoint | null {
  const commune = address.inseeCode ? communesByInsee.get(address.inseeCode) : undefined;
  return commune ? { latitude: commune.latitude, longitude: commune.longitude } : coarseGeocode(address);
}
