import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompiledQuery } from 'kysely';
import { format } from 'sql-formatter';
import type { Engine } from '#server/db/database.ts';
import { calledRepositoryMethods } from './callers.ts';
import { type CapturingDatabase, capturingDatabase } from './capture.ts';
import type { Call, RepositoryClass, RepositoryQueries } from './calls.ts';

export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

const serverDir = path.resolve(import.meta.dirname, '../..');
const srcDir = path.join(serverDir, 'src');
export const queriesDir = path.join(srcDir, 'queries');
const registryFile = 'apps/server/scripts/sql-snapshots/registry.ts';

const ENGINE_NAMES: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** A repository class found in a `*.repository.ts` file under src/. */
type FoundRepository = { name: string; repository: RepositoryClass; file: string };

type Prototype = Record<string, unknown>;

/** Every exported `…Repository` class of every `*.repository.ts` file, so that a new one can't go unseen. */
export async function findRepositories(): Promise<FoundRepository[]> {
  const files = fs
    .readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.repository.ts'))
    .sort();
  const found: FoundRepository[] = [];
  for (const file of files) {
    const exports = (await import(pathToFileURL(path.join(srcDir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (name.endsWith('Repository') && isClass(value)) {
        found.push({ name, repository: value, file: path.join('apps/server/src', file) });
      }
    }
  }
  return found;
}

function isClass(value: unknown): value is RepositoryClass {
  return typeof value === 'function' && Function.prototype.toString.call(value).startsWith('class');
}

/** The methods a class declares, in source order (the constructor aside). */
function methodsOf(repository: RepositoryClass): string[] {
  const prototype = repository.prototype as Prototype;
  return Object.getOwnPropertyNames(prototype).filter(
    (name) => name !== 'constructor' && typeof Object.getOwnPropertyDescriptor(prototype, name)?.value === 'function',
  );
}

/**
 * What the registry lacks or names wrongly, one sentence each, and the methods only the registry calls;
 * empty when every query has its snapshot and its caller.
 */
export function registryProblems(
  found: readonly FoundRepository[],
  registry: readonly RepositoryQueries[],
  called: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  for (const { name, repository, file } of found) {
    const entry = registry.find((queries) => queries.repository === repository);
    if (!entry) {
      problems.push(`${name} (${file}) has no entry in ${registryFile}: add queriesOf(${name}, { … }).`);
      continue;
    }
    const methods = methodsOf(repository);
    for (const method of methods) {
      if (!entry.calls.has(method) && !entry.helpers.includes(method)) {
        problems.push(
          `${name}.${method} has no entry in ${registryFile}: add one call for each shape of its query ` +
            `(or list it as a helper if it is a private part of other methods' queries).`,
        );
      }
    }
    for (const method of [...entry.calls.keys(), ...entry.helpers]) {
      if (!methods.includes(method)) {
        problems.push(`${registryFile} names ${name}.${method}, which ${file} no longer has.`);
      }
    }
    for (const [method, calls] of entry.calls) {
      if (calls.length === 0) problems.push(`${registryFile} gives ${name}.${method} no call.`);
      if (methods.includes(method) && !called.has(`${name}.${method}`)) {
        problems.push(`${name}.${method} is called by no code but ${registryFile}: remove it and its entry.`);
      }
    }
  }
  for (const { repository } of registry) {
    if (!found.some((f) => f.repository === repository)) {
      problems.push(`${registryFile} names ${repository.name}, which no *.repository.ts file under src/ exports.`);
    }
  }
  return problems;
}

/** The strings among a call's arguments: a UUID or a time that is not one of them was made by the method. */
function argumentStrings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) argumentStrings(item, into);
  else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value)) argumentStrings(item, into);
  }
  return into;
}

const GENERATED = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d\d-\d\dT[\d:.]+Z)$/i;

/** The parameters as one comment line; ids and times the method makes itself (a new id, the clock) are masked. */
function parametersLine(parameters: readonly unknown[], chosen: ReadonlySet<string>): string {
  const shown = parameters.map((value) => {
    if (typeof value === 'string' && GENERATED.test(value) && !chosen.has(value)) return '<generated>';
    if (typeof value === 'bigint' || value === undefined) return String(value);
    return JSON.stringify(value);
  });
  return `-- parameters: [${shown.join(', ')}]`;
}

function formatted(query: CompiledQuery, engine: Engine): string {
  return format(query.sql, { language: engine === 'postgres' ? 'postgresql' : 'sqlite', tabWidth: 2 });
}

type Section = { title: string; parameters: string; sql: string };

async function sectionsOf(
  name: string,
  entry: RepositoryQueries,
  engine: Engine,
  capture: CapturingDatabase,
): Promise<Section[]> {
  const instance = entry.create() as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const sections: Section[] = [];
  for (const method of methodsOf(entry.repository)) {
    for (const call of entry.calls.get(method) ?? []) {
      if (call.engines !== undefined && !call.engines.includes(engine)) continue;
      const title = `${name}.${method}${call.shape ? ` (${call.shape})` : ''}`;
      const queries = await runCall(title, instance, method, call, capture);
      const chosen = argumentStrings(call.args());
      for (const [index, query] of queries.entries()) {
        sections.push({
          title: queries.length > 1 ? `${title}, query ${index + 1} of ${queries.length}` : title,
          parameters: parametersLine(query.parameters, chosen),
          sql: formatted(query, engine),
        });
      }
    }
  }
  return sections;
}

async function runCall(
  title: string,
  instance: Record<string, (...args: unknown[]) => Promise<unknown>>,
  method: string,
  call: Call<readonly unknown[]>,
  capture: CapturingDatabase,
): Promise<CompiledQuery[]> {
  let queries: CompiledQuery[];
  try {
    queries = await capture.capture(
      (db) => instance[method]?.(db, ...call.args()) ?? Promise.resolve(),
      call.rows ?? [],
    );
  } catch (error) {
    throw new Error(
      `${title} failed on the capturing database: do its arguments or its answered rows in ${registryFile} fit it?`,
      { cause: error },
    );
  }
  if (queries.length === 0) throw new Error(`${title} sent no query: give it arguments that reach its SQL.`);
  return queries;
}

function render(source: string, engine: Engine, sections: readonly Section[]): string {
  const header = [
    '-- Generated by `npm run sql:snapshots`; do not edit. Every query of',
    `-- ${source} as ${ENGINE_NAMES[engine]} receives it,`,
    `-- called with the arguments of ${registryFile}.`,
  ];
  const body = sections.map((s) => `-- ${s.title}\n${s.parameters}\n${s.sql};`);
  return `${[header.join('\n'), ...body].join('\n\n')}\n`;
}

/** The snapshot files by path under src/queries/ (`sqlite/doctors.repository.sql`…), with their text. */
export async function generateSnapshots(registry: readonly RepositoryQueries[]): Promise<Map<string, string>> {
  const found = await findRepositories();
  const names = new Set(found.flatMap(({ repository }) => methodsOf(repository)));
  const problems = registryProblems(found, registry, calledRepositoryMethods(names));
  if (problems.length > 0) throw new RegistryError(problems);
  const snapshots = new Map<string, string>();
  for (const engine of ENGINES) {
    const capture = capturingDatabase(engine);
    const byFile = new Map<string, Section[]>();
    for (const { name, repository, file } of found) {
      const entry = registry.find((queries) => queries.repository === repository);
      if (!entry) continue;
      const sections = byFile.get(file) ?? [];
      sections.push(...(await sectionsOf(name, entry, engine, capture)));
      byFile.set(file, sections);
    }
    for (const [file, sections] of byFile) {
      const target = `${engine}/${path.basename(file, '.ts')}.sql`;
      if (snapshots.has(target)) throw new Error(`two repository files would write ${target}: rename one`);
      snapshots.set(target, render(file, engine, sections));
    }
    await capture.db.destroy();
  }
  return snapshots;
}

export class RegistryError extends Error {
  constructor(readonly problems: string[]) {
    super(`The SQL snapshot registry does not match the repositories:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The .sql files under src/queries/, by the same relative paths. */
export function readSnapshots(): Map<string, string> {
  const stored = new Map<string, string>();
  for (const engine of ENGINES) {
    const dir = path.join(queriesDir, engine);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      stored.set(`${engine}/${file}`, fs.readFileSync(path.join(dir, file), 'utf8'));
    }
  }
  return stored;
}

/** What differs between the generated snapshots and the stored ones, one line a file. */
export function snapshotDifferences(generated: ReadonlyMap<string, string>, stored: ReadonlyMap<string, string>) {
  const differences: string[] = [];
  for (const [file, text] of generated) {
    const old = stored.get(file);
    if (old === undefined) differences.push(`${file}: missing`);
    else if (old !== text) differences.push(`${file}: differs from line ${firstDifferentLine(old, text)}`);
  }
  for (const file of stored.keys()) {
    if (!generated.has(file)) differences.push(`${file}: no longer generated (its repository file is gone)`);
  }
  return differences;
}

function firstDifferentLine(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  const index = left.findIndex((line, i) => line !== right[i]);
  return (index === -1 ? left.length : index) + 1;
}

/** Writes the snapshots and removes the .sql files no longer generated. */
export function writeSnapshots(generated: ReadonlyMap<string, string>): void {
  for (const file of readSnapshots().keys()) {
    if (!generated.has(file)) fs.rmSync(path.join(queriesDir, file));
  }
  for (const [file, text] of generated) {
    fs.mkdirSync(path.dirname(path.join(queriesDir, file)), { recursive: true });
    fs.writeFileSync(path.join(queriesDir, file), text);
  }
}
