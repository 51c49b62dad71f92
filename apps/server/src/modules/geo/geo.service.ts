import type { UgaQuery, UgaResult } from '@crm/shared';
import { requireSignedIn } from '#server/core/access.ts';
import { AppError } from '#server/core/app-error.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { Geocoder } from './geocoder.ts';
import { UgaBoundaries } from './uga-boundaries.ts';

export type GeoSettings = {
  /** A geocoder speaking the national address API's protocol; null: the built-in coarse geocoder only. */
  geocoderUrl: string | null;
  /** The TopoJSON file of UGA zones. */
  ugaFile: string;
  geocoderTimeoutMs?: number;
  /** Fall back to the built-in table of communes when the geocoder can't be reached (default true). */
  coarseFallback?: boolean;
};

/** UGA extraction: an address, geocoded, then looked up in the UGA boundary file. */
export class GeoService {
  private readonly geocoder: Geocoder;
  private readonly boundaries: UgaBoundaries;

  constructor(readonly settings: GeoSettings) {
    this.geocoder = new Geocoder({
      url: settings.geocoderUrl,
      ...(settings.geocoderTimeoutMs !== undefined && { timeoutMs: settings.geocoderTimeoutMs }),
      ...(settings.coarseFallback !== undefined && { coarseFallback: settings.coarseFallback }),
    });
    this.boundaries = new UgaBoundaries(settings.ugaFile);
  }

  /** Any signed-in user may ask (it only reads); the client offers the button to readWrite users. */
  async findUga(auth: AuthContext, query: UgaQuery): Promise<UgaResult> {
    requireSignedIn(auth);
    const point = await this.geocoder.geocode(query);
    const zone = await this.boundaries.find(point);
    if (!zone) throw new AppError('UGA_NOT_FOUND');
    return {
      code: zone.code,
      name: zone.name,
      latitude: point.latitude,
      longitude: point.longitude,
      precision: point.precision,
    };
  }
}
