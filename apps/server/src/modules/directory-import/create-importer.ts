import path from 'node:path';
import type { Clock } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { CacheGenerationsRepository } from '#server/modules/cache-generations/cache-generations.repository.ts';
import { DoctorOfficesRepository } from '#server/modules/doctors/doctor-offices.repository.ts';
import { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import type { GeoPoint } from '#server/modules/geo/geocoder.ts';
import { UgaBoundaries, type UgaZone } from '#server/modules/geo/uga-boundaries.ts';
import { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { OfficesRepository } from '#server/modules/offices/offices.repository.ts';
import { DirectoryImportRepository } from './directory-import.repository.ts';
import { DirectoryImportService } from './directory-import.service.ts';
import { DirectoryImporter } from './directory-importer.ts';

/**
 * The UGA zone of a point from the zones file; none when the file can't be read (the import goes on, its
 * offices without a zone until someone sets one or the precise geocoding runs).
 */
export function zoneFinder(ugaFile: string): (point: GeoPoint) => Promise<UgaZone | null> {
  const boundaries = new UgaBoundaries(ugaFile);
  let unreadable = false;
  return async (point) => {
    if (unreadable) return null;
    try {
      return await boundaries.find(point);
    } catch {
      unreadable = true;
      return null;
    }
  };
}

/** An importer on this database with the repositories it writes through (the command line's and the server's). */
export function createDirectoryImporter(db: Db, options: { ugaFile: string; clock: Clock }): DirectoryImporter {
  return new DirectoryImporter({
    db,
    imports: new DirectoryImportRepository(),
    doctors: new DoctorsRepository(),
    offices: new OfficesRepository(),
    links: new DoctorOfficesRepository(),
    generations: new CacheGenerationsRepository(),
    zoneOf: zoneFinder(options.ugaFile),
    clock: options.clock,
  });
}

/**
 * The imports of the command line (`npm run import:rpps`): the server's service on this database, so that they
 * are listed, followed and audited as the screen's are. Files are read where they lie; nothing is uploaded.
 */
export function createCommandLineImports(
  db: Db,
  options: { ugaFile: string; dataDir: string; clock: Clock },
): DirectoryImportService {
  return new DirectoryImportService({
    db,
    imports: new DirectoryImportRepository(),
    logs: new LogsRepository(options.clock),
    importer: () => createDirectoryImporter(db, options),
    uploadDir: path.join(options.dataDir, 'directory-imports'),
    clock: options.clock,
  });
}
