import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles.js';

/** The house is layered (docs/conventions.md#layers): no module imports itself, however far round. */
describe('import cycles', () => {
  const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !file.endsWith('.d.ts'));

  const house = importGraph(tracked, process.cwd());

  it('finds none among the repository’s TypeScript modules', () => {
    expect(importCycles(house, process.cwd())).toEqual([]);
  });

  it('sees every import of ours in the repository: none it could not resolve to one of its files', () => {
    const { edges, unresolved } = house;
    expect(unresolved).toEqual([]);
    // The graph is the house's, not an empty one: most modules import another of ours.
    const importing = [...edges.values()].filter((targets) => targets.length > 0).length;
    expect(importing).toBeGreaterThan(edges.size / 2);
  });

  const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return Object.keys(files);
  };

  it('finds a cycle through imports, re-exports and import(), with or without the .js ending', () => {
    const files = write({
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'c.tsx': "export { d } from './d';\nexport const c = 1;\n",
      'd.ts': "export const d = () => import('./c');\n",
      'e.ts': "import './e';\n",
      'lone.ts': "import { a } from './a';\nexport const lone = a;\n",
    });
    expect(importCycles(importGraph(files, dir), dir)).toEqual([
      ['a.ts', 'b.ts'],
      ['c.tsx', 'd.ts'],
      ['e.ts'],
    ]);
  });

  it('leaves out imports of types only, which are gone at run time', () => {
    const files = write({
      'f.ts': "import type { G } from './g';\nexport type F = G;\nexport const f = 1;\n",
      'g.ts': "import { f } from './f';\nexport type G = typeof f;\n",
      'h.ts':
        "import { type I } from './i';\nexport type { I as H } from './i';\nexport const h = 1 as unknown as I;\n",
      'i.ts': "import { h } from './h';\nexport type I = typeof h;\n",
    });
    expect(importCycles(importGraph(files, dir), dir)).toEqual([]);
  });
});
