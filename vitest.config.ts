import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Workspace packages expose their TypeScript source under the `source` export condition.
const conditions = ['source', 'module', 'node', 'development|production'];

/** Every file under `dir` whose name ends with `suffix`. */
function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

/**
 * The server's test files that use a database (a clone of the migrated template, through
 * test/database.ts or test/app.ts): the `server` project, which CI runs again on the local
 * PostgreSQL server. The others need none and run once, in `server-unit` (docs/testing.md).
 */
const USES_DATABASE = /\/test\/(database|app)\.js'|inject\('testDb'\)/;
const serverTests = filesUnder('apps/server/src', '.test.ts');
const databaseTests = serverTests.filter((file) => USES_DATABASE.test(readFileSync(file, 'utf8')));
const unitTests = serverTests.filter((file) => !databaseTests.includes(file));

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    // Two test files at a time: vitest's default (one less than the cores) ran them one by one on
    // this 2-core machine, while a server test spends much of its time waiting on PostgreSQL
    // (`npm test` 298 s → 220 s here; docs/testing.md).
    maxWorkers: 2,
    // The domain's rules must stay covered (packages/domain/README.md): `npm test` runs with
    // --coverage, which prints and enforces it; a single project run stays quick. Istanbul counts
    // by instrumenting the included files only, where V8's coverage slowed every test of every
    // project by half again to measure the domain (docs/testing.md).
    coverage: {
      provider: 'istanbul',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', 'packages/domain/src/index.ts'],
      reporter: ['text'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'] },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          // Each file in a fresh VM context of one long-lived worker rather than a process of its
          // own: the same isolation (no module state crosses files) at a third of the CPU (web
          // 172 → 59 CPU s here; docs/testing.md). Objects made by Node's own globals belong to
          // another realm there: tests copy answers as the wire does (src/test/wire.ts).
          pool: 'vmThreads',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      // The repository's own rules: what its code and docs cite is in it (scripts/).
      {
        extends: true,
        test: { name: 'repository', include: ['scripts/**/*.test.ts'] },
      },
      // The demo casino and the live TV page: servers of their own, tested without a database.
      {
        extends: true,
        test: { name: 'casino-demo', include: ['apps/casino-demo/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'tv-demo', include: ['apps/tv-demo/src/**/*.test.ts'] },
      },
      {
        extends: true,
        // The simulator plays whole matches: the server's timeout, as before the split.
        test: { name: 'server-unit', include: unitTests, testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: databaseTests,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
