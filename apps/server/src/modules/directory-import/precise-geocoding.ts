import { AppError } from '#server/core/app-error.ts';
import type { Db } from '#server/db/database.ts';
import { Geocoder, type GeoPoint } from '#server/modules/geo/geocoder.ts';
import type { UgaZone } from '#server/modules/geo/uga-boundaries.ts';
import { officeSearchColumns } from '#server/modules/offices/office-search.ts';
import type { OfficesRepository } from '#server/modules/offices/offices.repository.ts';
import type { DirectoryImportRepository } from './directory-import.repository.ts';
import { manualFieldSet } from './provenance.ts';

export type PreciseGeocodingDeps = {
  db: Db;
  imports: DirectoryImportRepository;
  offices: OfficesRepository;
  zoneOf: (point: GeoPoint) => Promise<UgaZone | null>;
  /** The address service (the national address API's protocol); null: nothing to do. */
  geocoderUrl: string | null;
};

export type PreciseGeocodingResult = { geocoded: number; notFound: number; stopped: boolean };

const PAGE = 200;

/**
 * The precise geocoding that follows an import (decision 0055): the offices whose address the import created
 * or changed were placed at their commune's centre; this asks the address service for each, in batches, and
 * stops at the first sign it can't be reached, leaving the rest queued for the next run. An address the service
 * does not know keeps its commune's place. A place a person set is never moved.
 */
export async function geocodePendingOffices(
  deps: PreciseGeocodingDeps,
  options: { limit?: number } = {},
): Promise<PreciseGeocodingResult> {
  const result: PreciseGeocodingResult = { geocoded: 0, notFound: 0, stopped: false };
  if (!deps.geocoderUrl) return { ...result, stopped: true };
  const geocoder = new Geocoder({ url: deps.geocoderUrl, coarseFallback: false });
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let after = '';
  while (result.geocoded + result.notFound < limit) {
    const page = await deps.imports.pendingGeocodes(deps.db, after, PAGE);
    const last = page.at(-1);
    if (!last) return result;
    after = last.id;
    for (const office of page) {
      let point: GeoPoint | null = null;
      try {
        point = await geocoder.geocode(office);
      } catch (error) {
        if (error instanceof AppError && error.code === 'GEOCODING_NO_RESULT') point = null;
        else return { ...result, stopped: true };
      }
      const keep = point === null || manualFieldSet(office.manual_fields).has('uga');
      const zone = keep || !point ? null : await deps.zoneOf(point);
      const place =
        keep || !point
          ? {}
          : {
              latitude: point.latitude,
              longitude: point.longitude,
              uga: zone?.code ?? office.uga,
              uga_name: zone?.name ?? office.uga_name,
            };
      await deps.db.transaction().execute(async (trx) => {
        await deps.offices.update(trx, office.id, {
          ...place,
          ...officeSearchColumns({ ...office, ...place }),
          geocode_pending: 0,
        });
      });
      if (point) result.geocoded += 1;
      else result.notFound += 1;
    }
  }
  return result;
}
