import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rule of eslint.config.js that keeps one way to pass the transaction: repository methods take the
 * database handle first, required, named `db`, and repositories hold none.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const repositoryFile = 'apps/server/src/modules/example/example.repository.ts';

const repository = (members: string) => `
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';

export class ExampleRepository {
${members}
}
`;

describe('the rule on passing the database handle to repositories', () => {
  let eslint: ESLint;
  beforeAll(() => {
    // The syntax rule alone, without type information: the snippets are not files of any project.
    eslint = new ESLint({
      cwd: root,
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
    });
  });

  const messagesOf = async (code: string, filePath = repositoryFile) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parsing'}: ${message.message}`);
  };

  it('accepts methods that take the handle first, required, named db', async () => {
    const code = repository(`
  byId(db: Db, id: string) {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async inOwnTransaction(db: Db, id: string) {
    await db.transaction().execute((trx) => this.byId(trx, id));
  }`);
    expect(await messagesOf(code)).toEqual([]);
  });

  it.each([
    ['an optional trailing handle', 'byId(id: string, db: Db = this.db) { return db; }', 'is required'],
    ['an optional handle', 'byId(db?: Db) { return db; }', 'is required'],
    ['a handle after another parameter', 'byId(id: string, db: Db) { return db; }', 'as the first parameter'],
    [
      'a Kysely transaction after another parameter',
      'byId(id: string, db: Transaction<Database>) {}',
      'as the first parameter',
    ],
    ['a handle named otherwise', 'bump(trx: Db, names: string[]) { return trx; }', 'Name the database handle'],
    ['a handle held by the constructor', 'constructor(private readonly db: Kysely<Database>) {}', 'holds no database'],
    ['a handle held in a field', 'private readonly db: Db;', 'holds no database'],
    ['a query through this.db', 'list() { return this.db.selectFrom("users").execute(); }', 'holds no database'],
  ])('refuses %s', async (_case, member, message) => {
    const messages = await messagesOf(repository(`  ${member}`));
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^no-restricted-syntax: .*${message}`)));
  });

  it('leaves the files that are not repositories to their own ways', async () => {
    const code = repository('  byId(id: string, db: Db = this.db) { return db; }');
    expect(await messagesOf(code, 'apps/server/src/modules/example/example.service.ts')).toEqual([]);
  });
});
