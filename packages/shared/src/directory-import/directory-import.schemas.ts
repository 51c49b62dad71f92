import { z } from 'zod';
import { uuidField } from '../common/fields.ts';

/**
 * The national directory import (RPPS extract of the Annuaire Santé): the admin uploads the file(s), starts an
 * import that runs in the server, and follows it (decision 0055). The counts are those the command line shows.
 */
export const DIRECTORY_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export const DirectoryImportStatus = z.enum(DIRECTORY_IMPORT_STATUSES);
export type DirectoryImportStatus = z.infer<typeof DirectoryImportStatus>;

/** How many past imports the list answers, most recent first. */
export const DIRECTORY_IMPORT_LIST_LIMIT = 20;

const count = () => z.number().int().min(0);

/** GET /api/directory/imports/{id}, and each item of the list; the screen polls it while `running`. */
export const DirectoryImportProgress = z.object({
  id: z.string(),
  fileName: z.string(),
  savoirFaireFileName: z.string().nullable(),
  status: DirectoryImportStatus,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Lines of the file read so far, header excluded. */
  linesRead: count(),
  /** Doctor lines (profession code 10) among them. */
  kept: count(),
  created: count(),
  updated: count(),
  unchanged: count(),
  rejected: count(),
  /** Doctors and offices missing from the file, marked inactive when the import ends. */
  inactivated: count(),
  linesPerSecond: z.number().min(0),
  /** A catalogue key when the import failed. */
  error: z.string().nullable(),
  startedBy: z.object({ id: z.string(), name: z.string() }),
});
export type DirectoryImportProgress = z.infer<typeof DirectoryImportProgress>;

/** GET /api/directory/imports. */
export const DirectoryImportList = z.object({ items: z.array(DirectoryImportProgress) });
export type DirectoryImportList = z.infer<typeof DirectoryImportList>;

/** The answer of POST /api/directory/import-files (the body is the raw file, its name in `X-File-Name`). */
export const DirectoryImportFile = z.object({
  fileId: z.string(),
  fileName: z.string(),
  bytes: z.number().int().min(0),
});
export type DirectoryImportFile = z.infer<typeof DirectoryImportFile>;

/** POST /api/directory/imports: the uploaded activity file, and the savoir-faire file of the newer layout. */
export const DirectoryImportStart = z.object({
  personneActiviteFileId: uuidField(),
  savoirFaireFileId: uuidField().optional(),
});
export type DirectoryImportStart = z.infer<typeof DirectoryImportStart>;

export const DirectoryImportParams = z.object({ id: uuidField() });
