import path from 'node:path';

/** The data folder of the server the suite runs (start-server.mjs empties it at each start). */
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, '../.tmp/e2e-data');
