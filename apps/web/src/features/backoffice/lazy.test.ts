import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** apps/web/src */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BACKOFFICE_ROUTES = join(SRC, 'app/routes/backoffice.tsx');
/** The agents' console's screens: a lazy chunk of the back office's own. */
const CONSOLE_ROUTES = join(SRC, 'app/routes/backoffice-console.tsx');
const LAZY_BACKOFFICE = [BACKOFFICE_ROUTES, CONSOLE_ROUTES];
const FEATURE = join(SRC, 'features/backoffice');

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // a package: not ours
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && !candidate.endsWith('/'),
  );
}

/** A module's imports that load with it (type-only ones load nothing) and its `import()`s. */
function importsOf(file: string): { statics: string[]; dynamics: string[] } {
  if (!/\.tsx?$/.test(file)) return { statics: [], dynamics: [] };
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const statics: string[] = [];
  const dynamics: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      !node.importClause?.isTypeOnly &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      statics.push(node.moduleSpecifier.text);
    else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      statics.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      dynamics.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const resolved = (list: string[]) =>
    list.flatMap((specifier) => resolveImport(file, specifier) ?? []);
  return { statics: resolved(statics), dynamics: resolved(dynamics) };
}

/**
 * Every module the client can load without the back office: the entry's static graph and that
 * of every lazy chunk it can reach, except the back office's own module.
 */
function clientGraph() {
  const reached = new Set<string>();
  const lazyTargets = new Set<string>();
  const roots = [join(SRC, 'main.tsx')];
  while (roots.length > 0) {
    const file = roots.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    const { statics, dynamics } = importsOf(file);
    roots.push(...statics);
    for (const target of dynamics) {
      lazyTargets.add(target);
      if (!LAZY_BACKOFFICE.includes(target)) roots.push(target);
    }
  }
  return { reached, lazyTargets };
}

const isBackoffice = (file: string) =>
  LAZY_BACKOFFICE.includes(file) || file.startsWith(`${FEATURE}/`);

describe('the back office is lazy', () => {
  it("is never part of the client's entry or of any client screen's chunk", () => {
    const { reached, lazyTargets } = clientGraph();
    expect(reached.has(join(SRC, 'app/router.tsx'))).toBe(true);
    expect(reached.has(join(SRC, 'app/routes/event.tsx'))).toBe(true);
    // The router loads it, and only through import().
    expect(lazyTargets.has(BACKOFFICE_ROUTES)).toBe(true);
    expect(lazyTargets.has(CONSOLE_ROUTES)).toBe(true);
    const leaked = [...reached].filter(isBackoffice).map((file) => relative(SRC, file));
    expect(leaked).toEqual([]);
  });

  it("is the only way into the back office's feature", () => {
    const reached = new Set<string>();
    const roots = [...LAZY_BACKOFFICE];
    while (roots.length > 0) {
      const file = roots.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      roots.push(...importsOf(file).statics);
    }
    expect(reached.has(join(FEATURE, 'session.ts'))).toBe(true);
    expect(reached.has(join(FEATURE, 'components/risk-board.tsx'))).toBe(true);
    expect(reached.has(join(FEATURE, 'console/components/downline.tsx'))).toBe(true);
  });
});
