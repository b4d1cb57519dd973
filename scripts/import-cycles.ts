import { realpathSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Import cycles among our own modules (docs/conventions.md#layers): the strongly connected parts of
 * the {@link importGraph}, each as its files from `root`, sorted; none when the house is layered.
 * It reads each file once with TypeScript's parser, a few seconds for the whole repository, where
 * the lint rule it replaces parsed every file again beside ESLint's own read (docs/testing.md).
 */
export function importCycles({ edges }: ImportGraph, root: string): string[][] {
  return stronglyConnected(edges)
    .filter((group) => group.length > 1 || edges.get(group[0]!)!.includes(group[0]!))
    .map((group) => group.map((file) => relative(root, file)).sort())
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

export interface ImportGraph {
  /** Each file (its real path) and the files of ours it imports at run time. */
  readonly edges: ReadonlyMap<string, readonly string[]>;
  /**
   * Imports of ours (relative, or of an `@backlay/` package) that resolved to none of the given
   * files, as `file: specifier`: an edge the graph would miss, so a cycle it could not see.
   */
  readonly unresolved: readonly string[];
}

/**
 * The graph of every import, re-export and dynamic `import()` between the given files (paths from
 * `root`), resolved as the bundler and the typechecker resolve them (the `source` condition of our
 * packages included). Type-only imports are left out: they vanish from the JavaScript. What a
 * package in node_modules imports is not ours and is not walked.
 */
export function importGraph(files: readonly string[], root: string): ImportGraph {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['source'],
    allowJs: true,
    jsx: ts.JsxEmit.ReactJSX,
  };
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const ours = new Set(files.map((file) => realpathSync(resolve(root, file))));
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of ours) {
    const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest);
    const targets = runtimeImports(source).flatMap((specifier) => {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule;
      const target = resolved && realpathSync(resolved.resolvedFileName);
      if (target && ours.has(target)) return [target];
      // A style sheet is the bundler's, not a module: it imports nothing of ours.
      if (/^(\.|@backlay\/)/.test(specifier) && !specifier.endsWith('.css'))
        unresolved.push(`${relative(root, file)}: ${specifier}`);
      return [];
    });
    edges.set(file, targets);
  }
  return { edges, unresolved };
}

/** The specifiers a module imports at run time: not `import type`, nor only `type` names. */
function runtimeImports(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const onlyTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
    elements.length > 0 && elements.every((element) => element.isTypeOnly);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            onlyTypes(bindings.elements)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined && ts.isNamedExports(clause) && onlyTypes(clause.elements));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Tarjan's strongly connected components of the graph, each a list of its nodes. */
function stronglyConnected(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const connect = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    groups.push(group);
  };
  for (const node of edges.keys()) if (!index.has(node)) connect(node);
  return groups;
}
