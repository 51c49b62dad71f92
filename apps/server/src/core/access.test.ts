import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const modulesDir = path.resolve(import.meta.dirname, '../modules');

/** Whether `node` calls a `require…` rule with the caller, outside any function it defines. */
function callsRequireWithAuth(node: ts.Node): boolean {
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return false;
  if (ts.isCallExpression(node)) {
    const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
    const passesAuth = node.arguments.some((argument) => ts.isIdentifier(argument) && argument.text === 'auth');
    if (ts.isIdentifier(callee) && callee.text.startsWith('require') && passesAuth) return true;
  }
  return ts.forEachChild(node, callsRequireWithAuth) ?? false;
}

/** The public methods of the services that take the caller (`auth`), and whether their first statement checks it. */
function serviceMethods(): { method: string; checked: boolean }[] {
  const files = fs
    .readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.service.ts'));
  const methods: { method: string; checked: boolean }[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(modulesDir, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement)) continue;
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || !member.body) continue;
        const hidden = ts
          .getModifiers(member)
          ?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword);
        const first = member.parameters[0]?.name;
        if (hidden || !first || !ts.isIdentifier(first) || first.text !== 'auth') continue;
        const opening = member.body.statements[0];
        methods.push({
          method: `${file}: ${member.name.getText(source)}`,
          checked: opening !== undefined && callsRequireWithAuth(opening),
        });
      }
    }
  }
  return methods;
}

describe('access on the first line', () => {
  it('opens every public service method that takes the caller with its access rule', () => {
    const methods = serviceMethods();
    // Found at all: a change of layout must not leave this test checking nothing.
    expect(methods.length).toBeGreaterThan(80);
    expect(methods.filter((m) => !m.checked).map((m) => m.method)).toEqual([]);
  });
});
