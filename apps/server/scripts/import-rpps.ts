/**
 * Imports the national directory (the RPPS extract of the Annuaire Santé) into the server's database:
 *
 *   npm run import:rpps -- PS_LibreAcces_Personne_activite_<timestamp>.txt [--savoir-faire PS_LibreAcces_SavoirFaire_<timestamp>.txt] [--database-url URL] [--lang fr|en]
 *
 * The database is the server's (DATABASE_URL, else DATA_DIR/crm.sqlite, paths relative to where npm was
 * started), migrated first. It may run while the server runs (decision 0055): it writes in short transactions
 * and the server's search and counts follow each one. Shows a progress line on a terminal and ends with the
 * rejected lines: number, reason, the line itself. It is listed with the screen's imports, and audited, as started by
 * the command line; its progress and rejected lines are there too. --geocode then asks the address service (GEOCODER_URL) for the
 * offices whose address the import created or changed, until it can't be reached; --json prints the final counts
 * as JSON on the standard output (for the benchmark). The exit status is 0 when the import went through, rejected
 * lines or not.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Language, toLanguage } from '@crm/shared';
import { loadConfig } from '#server/config.ts';
import { systemClock } from '#server/core/clock.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { translate } from '#server/http/i18n.ts';
import { createCommandLineImports, zoneFinder } from '#server/modules/directory-import/create-importer.ts';
import { DirectoryImportRepository } from '#server/modules/directory-import/directory-import.repository.ts';
import { geocodePendingOffices } from '#server/modules/directory-import/precise-geocoding.ts';
import { OfficesRepository } from '#server/modules/offices/offices.repository.ts';
import { DirectoryLayoutError, type ImportProgress } from '#server/modules/directory-import/directory-importer.ts';
import type { Rejection } from '#server/modules/directory-import/rpps-records.ts';

/** How the imports' list names an import nobody started on the screen. */
const COMMAND_LINE = 'npm run import:rpps';

const usage =
  'usage: npm run import:rpps -- FILE [--savoir-faire FILE] [--database-url URL] [--lang fr|en] [--rejected-shown N] [--geocode] [--json]';

/** Rejected lines kept for the final report; beyond, only counted. */
const DEFAULT_REJECTED_SHOWN = 1_000;

function progressLine(progress: ImportProgress): string {
  const n = (value: number) => value.toLocaleString('en');
  return (
    `read ${n(progress.linesRead)} · kept ${n(progress.kept)} · created ${n(progress.created)} · ` +
    `updated ${n(progress.updated)} · unchanged ${n(progress.unchanged)} · rejected ${n(progress.rejected)}` +
    (progress.done ? ` · inactive ${n(progress.inactivated)}` : '') +
    ` · ${n(Math.round(progress.linesPerSecond))} lines/s`
  );
}

async function main(): Promise<void> {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'savoir-faire': { type: 'string' },
      'database-url': { type: 'string' },
      lang: { type: 'string' },
      'rejected-shown': { type: 'string' },
      geocode: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const [file] = positionals;
  if (values.help || !file) {
    console.log(usage);
    if (!file && !values.help) process.exitCode = 2;
    return;
  }
  const language: Language = toLanguage(values.lang ?? process.env.LANG?.slice(0, 2));
  const shown = Number(values['rejected-shown'] ?? DEFAULT_REJECTED_SHOWN);
  const config = loadConfig({
    ...process.env,
    ...(values['database-url'] && { DATABASE_URL: values['database-url'] }),
  });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'crm.sqlite'),
  });
  const rejected: Rejection[] = [];
  const tty = process.stderr.isTTY;
  let lastDraw = 0;
  try {
    console.error(`database: ${database.engine} at ${database.location}`);
    await migrateToLatest(database.db);
    const imports = createCommandLineImports(database.db, {
      ugaFile: config.ugaFile,
      dataDir: config.dataDir,
      clock: systemClock,
    });
    const savoirFaireFile = values['savoir-faire'] ? path.resolve(values['savoir-faire']) : null;
    const files = {
      file: path.resolve(file),
      fileName: path.basename(file),
      savoirFaireFile,
      savoirFaireFileName: savoirFaireFile && path.basename(savoirFaireFile),
    };
    const { counts } = await imports.importFiles({ user: null, name: COMMAND_LINE }, files, {
      onRejected: (rejection) => {
        if (rejected.length < shown) rejected.push(rejection);
      },
      onProgress: (progress) => {
        const now = performance.now();
        if (!progress.done && now - lastDraw < (tty ? 200 : 10_000)) return;
        lastDraw = now;
        if (tty) process.stderr.write(`\r\x1b[2K${progressLine(progress)}${progress.done ? '\n' : ''}`);
        else console.error(progressLine(progress));
      },
    });
    if (values.json) console.log(JSON.stringify(counts));
    if (values.geocode) {
      const geocoded = await geocodePendingOffices({
        db: database.db,
        imports: new DirectoryImportRepository(),
        offices: new OfficesRepository(),
        zoneOf: zoneFinder(config.ugaFile),
        geocoderUrl: config.geocoderUrl,
      });
      console.error(
        `precise geocoding: ${geocoded.geocoded} placed, ${geocoded.notFound} not found${geocoded.stopped ? '; the address service could not be reached, the rest waits for the next run' : ''}`,
      );
    }
    if (counts.rejected > 0) {
      console.log(
        `\n${counts.rejected.toLocaleString('en')} rejected lines${counts.rejected > shown ? ` (first ${shown})` : ''}:`,
      );
      for (const { lineNumber, reason, content } of rejected) {
        console.log(`${lineNumber}\t${translate(language, `directoryImport.reasons.${reason}`)}\t${content}`);
      }
    }
  } catch (error) {
    if (error instanceof DirectoryLayoutError) {
      console.error(translate(language, error.problem.key, error.problem.params));
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
