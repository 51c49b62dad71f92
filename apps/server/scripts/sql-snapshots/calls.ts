import type { Db, Engine } from '#server/db/database.ts';
import type { Row } from './capture.ts';

/** One call of a repository method whose queries go into the snapshot. */
export type Call<A extends readonly unknown[]> = {
  /** Which of the method's query shapes this call shows, when it has several (how many words were typed…). */
  shape?: string;
  /**
   * The arguments after the database (the capturing one goes first), fixed so that the snapshot is the same on
   * every run.
   */
  args: () => A;
  /**
   * What the database answers each query of the call (none by default), for methods whose next query depends
   * on what they read, or that require a row.
   */
  rows?: Row[];
  /** The engines on which the method sends this call's SQL, when not both (SQLite's full-text index). */
  engines?: readonly Engine[];
};

type AnyCall = Call<readonly unknown[]>;

type AsyncMethod = (...args: never[]) => Promise<unknown>;

/** The public methods of a repository (TypeScript leaves private ones out of `keyof`). */
type MethodNames<T> = { [K in keyof T]: T[K] extends AsyncMethod ? K : never }[keyof T] & string;

/**
 * One call or more for every public method, typed after the method's parameters; a method that does not take the
 * database first has no call that fits.
 */
export type CallsOf<T> = {
  [M in MethodNames<T>]: T[M] extends (db: Db, ...args: infer A) => Promise<unknown> ? Call<A> | Call<A>[] : never;
};

export type RepositoryClass = abstract new (...args: never[]) => object;

export type RepositoryQueries = {
  repository: RepositoryClass;
  create: () => object;
  calls: ReadonlyMap<string, AnyCall[]>;
  /** Private methods that build part of a public method's query: their SQL is in the public method's calls. */
  helpers: readonly string[];
};

type Options<T> = {
  /** How to build it when its constructor takes something (the repositories hold no database). */
  create?: () => T;
  helpers?: readonly string[];
};

export function queriesOf<T extends object>(
  repository: new () => T,
  calls: CallsOf<T>,
  options?: Options<T>,
): RepositoryQueries;
export function queriesOf<T extends object>(
  repository: abstract new (...args: never[]) => T,
  calls: CallsOf<T>,
  options: Options<T> & { create: () => T },
): RepositoryQueries;
export function queriesOf<T extends object>(
  repository: abstract new (...args: never[]) => T,
  calls: CallsOf<T>,
  { create, helpers = [] }: Options<T> = {},
): RepositoryQueries {
  // Without `create`, the first signature holds: the constructor takes nothing.
  const construct = repository as unknown as new () => T;
  const entries = Object.entries(calls as Record<string, AnyCall | AnyCall[]>);
  return {
    repository,
    create: create ?? (() => new construct()),
    calls: new Map(entries.map(([method, call]) => [method, [call].flat()])),
    helpers,
  };
}
