import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The entry's JavaScript: the module index.html loads and the modules it preloads, as the build wrote them. */
export type EntryBytes = { files: number; raw: number; gzip: number; brotli: number };

/**
 * Reads the build's index.html: its module script and `modulepreload` links are what the browser fetches
 * before any screen (decision 0015). Compressed here at the build's own levels (gzip 9, brotli 11), since
 * the build keeps no compressed copy of its smallest files.
 */
export function entryBytes(dist: string): EntryBytes {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="\/([^"]+\.js)"/g),
  ]
    .map((match) => match[1])
    .filter((file): file is string => file !== undefined);
  if (files.length === 0) throw new Error('index.html names no entry script');
  const total: EntryBytes = { files: files.length, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const content = fs.readFileSync(path.join(dist, file));
    total.raw += content.length;
    total.gzip += zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }).length;
    total.brotli += zlib.brotliCompressSync(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }).length;
  }
  return total;
}
