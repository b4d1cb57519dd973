import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Workspace packages expose their TypeScript source under the `source` export condition.
const conditions = ['source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    // The domain's rules must stay covered (packages/domain/README.md): `npm test` runs with
    // --coverage, which prints and enforces it; a single project run stays quick.
    coverage: {
      provider: 'v8',
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
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
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
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
