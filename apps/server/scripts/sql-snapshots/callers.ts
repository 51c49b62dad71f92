import path from 'node:path';
import ts from 'typescript';

const serverDir = path.resolve(import.meta.dirname, '../..');
const snapshotsDir = path.join(serverDir, 'scripts', 'sql-snapshots');

/**
 * Of the repository methods named `names`, those (`Class.method`) that some code of the server calls or passes
 * on, by the type checker's reading of each reference (so `list` of one repository is not taken for another's).
 * The snapshot scripts do not count: a method only they name is dead code that they keep alive.
 */
export function calledRepositoryMethods(names: ReadonlySet<string>): Set<string> {
  const configFile = path.join(serverDir, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${configFile} could not be read`);
  // The server's own files only: what the libraries' types would add never names a repository method, and
  // reading them would take several times as long.
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: { ...parsed.options, noEmit: true, noResolve: true, types: [] },
  });
  const checker = program.getTypeChecker();
  const called = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && names.has(node.name.text)) {
      const name = repositoryMethodName(checker.getSymbolAtLocation(node.name));
      if (name) called.add(name);
    }
    ts.forEachChild(node, visit);
  };
  for (const source of program.getSourceFiles()) {
    const file = path.resolve(source.fileName);
    if (source.isDeclarationFile || !file.startsWith(serverDir) || file.startsWith(snapshotsDir)) continue;
    visit(source);
  }
  return called;
}

/** `Class.method` when the symbol is a method of a `…Repository` class declared in a `*.repository.ts` file. */
function repositoryMethodName(symbol: ts.Symbol | undefined): string | undefined {
  const declaration = symbol?.declarations?.[0];
  if (!declaration || !ts.isMethodDeclaration(declaration)) return undefined;
  const owner = declaration.parent;
  if (!ts.isClassDeclaration(owner) || !owner.name?.text.endsWith('Repository')) return undefined;
  if (!declaration.getSourceFile().fileName.endsWith('.repository.ts')) return undefined;
  return `${owner.name.text}.${declaration.name.getText()}`;
}
