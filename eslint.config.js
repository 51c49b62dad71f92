import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const aliasImports = { group: ['../../*'], message: 'Import by alias (@/..., #server/..., @crm/shared).' };

/** A parameter or field typed as a database handle (`Db`, or Kysely's own `Kysely<…>`, `Transaction<…>`). */
const handle = '[typeAnnotation.typeAnnotation.typeName.name=/^(Db|Kysely|Transaction)$/]';
const handleFirst = 'Take the database handle as the first parameter, `db: Db`.';
const repositoryHandleRules = [
  { selector: `:function > Identifier:not(:first-child)${handle}`, message: handleFirst },
  { selector: `:function > AssignmentPattern:not(:first-child) > Identifier.left${handle}`, message: handleFirst },
  {
    selector: `:function > AssignmentPattern > Identifier.left${handle}, :function > Identifier[optional=true]${handle}`,
    message: 'The database handle is required: a default or a missing one runs outside the caller’s transaction.',
  },
  { selector: `:function > Identifier:first-child${handle}[name!='db']`, message: 'Name the database handle `db`.' },
  {
    selector: [
      `MethodDefinition[kind='constructor'] > FunctionExpression > Identifier${handle}`,
      `TSParameterProperty > Identifier.parameter${handle}`,
      `PropertyDefinition${handle}`,
      "MemberExpression[object.type='ThisExpression'][property.name='db']",
    ].join(', '),
    message: 'A repository holds no database: each method takes the handle of its caller, first (`db: Db`).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.js',
      '**/*.mjs',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'no-restricted-imports': ['error', { patterns: [aliasImports] }],
    },
  },
  {
    // Only repositories speak SQL: services and routes reach the database through them (types included;
    // a service that joins a transaction takes the `Db` type from db/database.ts).
    files: ['apps/server/src/**/*.service.ts', 'apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Only repositories import Kysely; use Db from #server/db/database.ts.' }],
          patterns: [aliasImports, { group: ['kysely/*'], message: 'Only repositories import Kysely.' }],
        },
      ],
    },
  },
  {
    // One way to pass the transaction (CONTRIBUTING.md): a repository holds no database, and every function of
    // a repository file takes its handle first, required and named `db`, so a forgotten argument fails to
    // compile instead of running outside the caller's transaction. Tested in repository-handle.test.ts.
    files: ['apps/server/src/**/*.repository.ts'],
    rules: { 'no-restricted-syntax': ['error', ...repositoryHandleRules] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
);
