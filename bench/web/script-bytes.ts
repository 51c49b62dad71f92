import type { CDPSession } from '@playwright/test';

/** JavaScript fetched by the page: bytes on the wire (headers included, as DevTools counts them) and decoded. */
export type ScriptBytes = {
  transferred: number;
  decoded: number;
  files: number;
  /** files that came with a Content-Encoding */
  compressedFiles: number;
  /** of those, the files that came in brotli (the issue's /login figure is brotli on the wire) */
  brotliFiles: number;
};

export type ScriptByteCounter = {
  /** What has been fetched since the counter started. */
  total: () => ScriptBytes;
};

const EMPTY: ScriptBytes = { transferred: 0, decoded: 0, files: 0, compressedFiles: 0, brotliFiles: 0 };

export function difference(after: ScriptBytes, before: ScriptBytes): ScriptBytes {
  return {
    transferred: after.transferred - before.transferred,
    decoded: after.decoded - before.decoded,
    files: after.files - before.files,
    compressedFiles: after.compressedFiles - before.compressedFiles,
    brotliFiles: after.brotliFiles - before.brotliFiles,
  };
}

function isScript(type: string | undefined, url: string): boolean {
  return type === 'Script' || /\.m?js(\?|$)/.test(new URL(url).pathname);
}

/**
 * Counts the scripts the page fetches through the DevTools protocol, which follows every request of the
 * page across navigations (resource timing starts again with each document). Needs Network.enable.
 */
export function countScriptBytes(cdp: CDPSession): ScriptByteCounter {
  const scripts = new Set<string>();
  const counted: ScriptBytes = { ...EMPTY };
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (!isScript(type, response.url)) return;
    scripts.add(requestId);
    counted.files += 1;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const encoding = headers['content-encoding'] ?? 'identity';
    if (encoding !== 'identity') counted.compressedFiles += 1;
    if (encoding === 'br') counted.brotliFiles += 1;
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    if (scripts.has(requestId)) counted.decoded += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (scripts.has(requestId)) counted.transferred += encodedDataLength;
  });
  return { total: () => ({ ...counted }) };
}
