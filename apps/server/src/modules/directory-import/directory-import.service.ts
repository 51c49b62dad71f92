import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DIRECTORY_IMPORT_LIST_LIMIT,
  type DirectoryImportFile,
  type DirectoryImportList,
  type DirectoryImportProgress,
  type DirectoryImportStart,
  type Language,
} from '@crm/shared';
import { requireAdmin } from '#server/core/access.ts';
import { AppError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { DirectoryImportRejectionsTable, DirectoryImportsTable } from '#server/db/schema.ts';
import { translate } from '#server/http/i18n.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { auditUser } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { DirectoryImportRepository } from './directory-import.repository.ts';
import {
  checkActivityFile,
  checkSavoirFaireFile,
  DirectoryLayoutError,
  type DirectoryImporter,
  type ImportCounts,
  type ImportProgress,
  type ImportRun,
} from './directory-importer.ts';
import type { Rejection } from './rpps-records.ts';

/** Rejected lines kept per import for its report; beyond, only counted. */
export const MAX_KEPT_REJECTIONS = 100_000;
/** Rejected lines written together. */
const REJECTIONS_PER_WRITE = 500;
/** The progress row is written at most this often (the screen polls every second). */
const PROGRESS_EVERY_MS = 500;

type DirectoryImportServiceDeps = {
  db: Db;
  imports: DirectoryImportRepository;
  logs: LogsRepository;
  /** A new importer on the server's database (one per run: it keeps its commune cache for the run). */
  importer: () => DirectoryImporter;
  /** Where uploaded files wait for their import (under the data directory). */
  uploadDir: string;
  clock: Clock;
};

/**
 * Who starts an import: an administrator on the screen, or the command line, which has no user (its audit
 * entries name none) and is named by its command in the imports' list.
 */
export type ImportStarter = { user: { id: string; email: string } | null; name: string };

/** The files of one import, read where they are. */
export type ImportFiles = {
  file: string;
  fileName: string;
  savoirFaireFile: string | null;
  savoirFaireFileName: string | null;
};

/** What the command line follows besides the database's bookkeeping: its own progress line and report. */
export type ImportListeners = Pick<ImportRun, 'onProgress'> & { onRejected?: (rejection: Rejection) => void };

type UploadKind = 'activity' | 'savoirFaire';
type UploadInfo = { fileName: string; kind: UploadKind };

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

const bom = '\uFEFF';
const csvField = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvRecord = (values: readonly string[]) => `${values.map(csvField).join(';')}\r\n`;

function toProgress(row: DirectoryImportsTable): DirectoryImportProgress {
  return {
    id: row.id,
    fileName: row.file_name,
    savoirFaireFileName: row.savoir_faire_file_name,
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    linesRead: row.lines_read,
    kept: row.kept,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    rejected: row.rejected,
    inactivated: row.inactivated,
    linesPerSecond: row.lines_per_second,
    error: row.error,
    startedBy: { id: row.started_by ?? '', name: row.started_by_name },
  };
}

/**
 * The national directory's import from the admin screen (decision 0055): a file uploaded to disk (never held in
 * memory), then imported in this process, in the background, one import at a time; its progress and rejected
 * lines are kept in the database, so every process answers them.
 */
export class DirectoryImportService {
  private running: Promise<void> | null = null;

  constructor(private readonly deps: DirectoryImportServiceDeps) {}

  /** Streams the body to a file under the data directory; refuses a file whose header is not the directory's. */
  async upload(auth: AuthContext, fileName: string, body: Readable): Promise<DirectoryImportFile> {
    requireAdmin(auth);
    const name = path.basename(fileName.trim());
    if (name === '') throw new AppError('VALIDATION_ERROR', {}, { messageKey: 'directoryImport.fileNameRequired' });
    await fs.promises.mkdir(this.deps.uploadDir, { recursive: true });
    const fileId = newId();
    const file = this.uploadPath(fileId);
    await pipeline(body, fs.createWriteStream(file));
    try {
      const kind = await this.kindOf(file);
      const info: UploadInfo = { fileName: name, kind };
      await fs.promises.writeFile(`${file}.json`, JSON.stringify(info));
      return { fileId, fileName: name, bytes: (await fs.promises.stat(file)).size };
    } catch (error) {
      await fs.promises.rm(file, { force: true });
      throw error;
    }
  }

  /** An activity file of either layout, or a savoir-faire file; anything else is refused with what is wrong. */
  private async kindOf(file: string): Promise<UploadKind> {
    try {
      await checkActivityFile(file);
      return 'activity';
    } catch (activityError) {
      if (!(activityError instanceof DirectoryLayoutError)) throw activityError;
      try {
        await checkSavoirFaireFile(file);
        return 'savoirFaire';
      } catch {
        const { key, params } = activityError.problem;
        throw new AppError('VALIDATION_ERROR', params ?? {}, { messageKey: key, fields: { file: key } });
      }
    }
  }

  /** Starts the import in the background; a second while one runs is refused. */
  async start(auth: AuthContext, input: DirectoryImportStart): Promise<DirectoryImportProgress> {
    requireAdmin(auth);
    if (this.running) throw new AppError('CONFLICT', {}, { messageKey: 'directoryImport.running' });
    const activity = await this.uploaded(input.personneActiviteFileId, 'activity');
    const savoirFaire = input.savoirFaireFileId ? await this.uploaded(input.savoirFaireFileId, 'savoirFaire') : null;
    const starter: ImportStarter = { user: auditUser(auth), name: auth.user.displayName ?? auth.user.email };
    const files: ImportFiles = {
      file: activity.file,
      fileName: activity.fileName,
      savoirFaireFile: savoirFaire?.file ?? null,
      savoirFaireFileName: savoirFaire?.fileName ?? null,
    };
    const row = await this.begin(starter, files);
    // The uploads go before the import is seen ended; a failure is recorded on its row and in the audit.
    const cleanUp = () => this.removeUploads(activity, savoirFaire);
    this.running = this.runImport(starter, row.id, files, { cleanUp })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.running = null;
      });
    return toProgress(row);
  }

  /**
   * An import by the command line (`npm run import:rpps`), of files where they lie: listed and audited as the
   * screen's are, its progress and rejected lines kept in the database for the screen to show.
   */
  async importFiles(
    starter: ImportStarter,
    files: ImportFiles,
    listeners: ImportListeners = {},
  ): Promise<{ id: string; counts: ImportCounts }> {
    const row = await this.begin(starter, files);
    return { id: row.id, counts: await this.runImport(starter, row.id, files, listeners) };
  }

  private async begin(starter: ImportStarter, files: ImportFiles): Promise<DirectoryImportsTable> {
    const row: DirectoryImportsTable = {
      id: newId(),
      file_name: files.fileName,
      savoir_faire_file_name: files.savoirFaireFileName,
      status: 'running',
      started_at: isoNow(this.deps.clock),
      finished_at: null,
      lines_read: 0,
      kept: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      inactivated: 0,
      lines_per_second: 0,
      error: null,
      started_by: starter.user?.id ?? null,
      started_by_name: starter.name,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.imports.insertImport(trx, row);
      await this.deps.logs.record(trx, {
        action: 'import_start',
        entityType: 'directory_import',
        entityId: row.id,
        metadata: { fileName: row.file_name, savoirFaireFileName: row.savoir_faire_file_name },
        user: starter.user,
      });
    });
    return row;
  }

  /** Resolves when the import running in this process (if any) has ended: for tests and a clean shutdown. */
  async settled(): Promise<void> {
    await this.running;
  }

  async get(auth: AuthContext, id: string): Promise<DirectoryImportProgress> {
    requireAdmin(auth);
    return toProgress(await this.requireImport(id));
  }

  async list(auth: AuthContext): Promise<DirectoryImportList> {
    requireAdmin(auth);
    const rows = await this.deps.imports.listImports(this.deps.db, DIRECTORY_IMPORT_LIST_LIMIT);
    return { items: rows.map(toProgress) };
  }

  /** The rejected lines as CSV (`;`, UTF-8 with a byte-order mark), the reasons in the caller's language. */
  async rejectedReport(auth: AuthContext, id: string, language: Language): Promise<string[]> {
    requireAdmin(auth);
    await this.requireImport(id);
    const rows = await this.deps.imports.rejections(this.deps.db, id);
    const t = (key: string) => translate(language, `directoryImport.${key}`);
    return [
      bom + csvRecord([t('reportHeader.line'), t('reportHeader.reason'), t('reportHeader.content')]),
      ...rows.map((row) => csvRecord([String(row.line_number), t(`reasons.${row.reason}`), row.content])),
    ];
  }

  private async requireImport(id: string): Promise<DirectoryImportsTable> {
    const row = await this.deps.imports.findImport(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND', {}, { messageKey: 'directoryImport.notFound' });
    return row;
  }

  private uploadPath(fileId: string): string {
    return path.join(this.deps.uploadDir, `${fileId}.txt`);
  }

  private async uploaded(fileId: string, kind: UploadKind): Promise<UploadInfo & { file: string }> {
    const file = this.uploadPath(fileId);
    const info = UPLOAD_ID.test(fileId)
      ? await fs.promises
          .readFile(`${file}.json`, 'utf8')
          .then((text) => JSON.parse(text) as UploadInfo)
          .catch(() => null)
      : null;
    if (!info || info.kind !== kind) {
      throw new AppError('NOT_FOUND', {}, { messageKey: 'directoryImport.fileNotFound' });
    }
    return { ...info, file };
  }

  /** Runs the import, its progress and rejected lines written as it goes; a failure is recorded, then thrown. */
  private async runImport(
    starter: ImportStarter,
    id: string,
    files: ImportFiles,
    listeners: ImportListeners & { cleanUp?: () => Promise<void> } = {},
  ): Promise<ImportCounts> {
    const { db, imports } = this.deps;
    let pending: DirectoryImportRejectionsTable[] = [];
    let kept = 0;
    const latest: { progress: ImportProgress | null } = { progress: null };
    let written = 0;
    const writeRejections = async () => {
      if (pending.length === 0) return;
      const rows = pending;
      pending = [];
      await imports.insertRejections(db, rows);
    };
    const columns = (progress: ImportProgress) => ({
      lines_read: progress.linesRead,
      kept: progress.kept,
      created: progress.created,
      updated: progress.updated,
      unchanged: progress.unchanged,
      rejected: progress.rejected,
      inactivated: progress.inactivated,
      lines_per_second: progress.linesPerSecond,
    });
    try {
      const counts = await this.deps.importer().run({
        file: files.file,
        savoirFaireFile: files.savoirFaireFile,
        fileName: files.fileName,
        onRejected: async (rejection) => {
          listeners.onRejected?.(rejection);
          if (kept >= MAX_KEPT_REJECTIONS) return;
          kept += 1;
          pending.push({
            import_id: id,
            line_number: rejection.lineNumber,
            reason: rejection.reason,
            content: rejection.content,
          });
          if (pending.length >= REJECTIONS_PER_WRITE) await writeRejections();
        },
        onProgress: (progress) => {
          listeners.onProgress?.(progress);
          latest.progress = progress;
          const now = performance.now();
          if (now - written < PROGRESS_EVERY_MS) return;
          written = now;
          void imports.updateImport(db, id, columns(progress)).catch(() => undefined);
        },
      });
      await writeRejections();
      await listeners.cleanUp?.();
      const final = latest.progress;
      await db.transaction().execute(async (trx) => {
        await imports.updateImport(trx, id, {
          ...(final ? columns(final) : {}),
          status: 'done',
          finished_at: isoNow(this.deps.clock),
        });
        await this.deps.logs.record(trx, {
          action: 'import_end',
          entityType: 'directory_import',
          entityId: id,
          metadata: { fileName: files.fileName, status: 'done', ...(final ? columns(final) : {}) },
          user: starter.user,
        });
      });
      return counts;
    } catch (error) {
      const key = error instanceof DirectoryLayoutError ? error.problem.key : 'directoryImport.failed';
      await writeRejections().catch(() => undefined);
      await listeners.cleanUp?.();
      const final = latest.progress;
      await db.transaction().execute(async (trx) => {
        await imports.updateImport(trx, id, {
          ...(final ? columns(final) : {}),
          status: 'failed',
          error: key,
          finished_at: isoNow(this.deps.clock),
        });
        await this.deps.logs.record(trx, {
          action: 'import_end',
          entityType: 'directory_import',
          entityId: id,
          metadata: { fileName: files.fileName, status: 'failed', error: key },
          user: starter.user,
        });
      });
      throw error;
    }
  }

  /** The uploaded files go once read: they are the national directory, not ours to keep. */
  private async removeUploads(...uploads: ((UploadInfo & { file: string }) | null)[]): Promise<void> {
    for (const upload of uploads) {
      if (!upload) continue;
      await fs.promises.rm(upload.file, { force: true });
      await fs.promises.rm(`${upload.file}.json`, { force: true });
    }
  }
}
