import fs from 'node:fs';
import path from 'node:path';

const rootPackage = path.resolve(import.meta.dirname, '../../../package.json');
export const appVersion: string =
  (JSON.parse(fs.readFileSync(rootPackage, 'utf8')) as { version?: string }).version ?? '0.0.0';
