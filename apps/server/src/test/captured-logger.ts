import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/** A real pino logger whose lines the test can read (parsed JSON, oldest first). */
export function capturedLogger(): {
  logger: FastifyBaseLogger;
  /** The same lines' destination, for an app built with logger options (createTestApp). */
  options: { level: 'info'; stream: Writable };
  lines: Record<string, unknown>[];
} {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  return { logger: pino({ level: 'info' }, stream), options: { level: 'info', stream }, lines };
}
