import type { Db } from '#server/db/database.ts';
import type { Row } from './capture.ts';

/** One call of a repository method whose queries go into the snapshot. */
export type Call<A extends readonly unknown[]> = {
  /** Which of the method's query shapes this call shows, when it has several (how many words were typed…). */
  shape?: string;
  /** The arguments, fixed so that the snapshot is the same on every run; `db` is the capturing database. */
  args: (db: Db) => A;
  /**
   * What the database answers each query of the call (none by default), for methods whose next query depends
   * on what they read, or that require a row.
   */
  rows?: Row[];
};

type AnyCall = Call<readonly unknown[]>;

type AsyncMethod = (...args: never[]) => Promise<unknown>;

/** The public methods of a repository (TypeScript leaves private ones out of `keyof`). */
type MethodNames<T> = { [K in keyof T]: T[K] extends AsyncMethod ? K : never }[keyof T] & string;

/** One call or more for every public method, typed after the method's parameters. */
export type CallsOf<T> = {
  [M in MethodNames<T>]: T[M] extends (...args: infer A) => Promise<unknown> ? Call<A> | Call<A>[] : never;
};

export type RepositoryClass = abstract new (...args: never[]) => object;

export type RepositoryQueries = {
  repository: RepositoryClass;
  /** The repository on the capturing database. */
  create: (db: Db) => object;
  calls: ReadonlyMap<string, AnyCall[]>;
  /** Private methods that build part of a public method's query: their SQL is in the public method's calls. */
  helpers: readonly string[];
};

type Options<T> = {
  /** How to build it when its constructor takes more than the database (or something else). */
  create?: (db: Db) => T;
  helpers?: readonly string[];
};

export function queriesOf<T extends object>(
  repository: new (db: Db) => T,
  calls: CallsOf<T>,
  options?: Options<T>,
): RepositoryQueries;
export function queriesOf<T extends object>(
  repository: abstract new (...args: never[]) => T,
  calls: CallsOf<T>,
  options: Options<T> & { create: (db: Db) => T },
): RepositoryQueries;
export function queriesOf<T extends object>(
  repository: abstract new (...args: never[]) => T,
  calls: CallsOf<T>,
  { create, helpers = [] }: Options<T> = {},
): RepositoryQueries {
  // Without `create`, the first signature holds: the constructor takes the database.
  const construct = repository as unknown as new (db: Db) => T;
  const entries = Object.entries(calls as Record<string, AnyCall | AnyCall[]>);
  return {
    repository,
    create: create ?? ((db) => new construct(db)),
    calls: new Map(entries.map(([method, call]) => [method, [call].flat()])),
    helpers,
  };
}
