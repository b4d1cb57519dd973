import { defineConfig } from 'vitest/config';

// The reliability suites (README "Reliability"): long-running proofs with figures, never part of
// `npm test`. `npm run test:reliability -- <suite>` runs them through scripts/reliability.mjs.
const conditions = ['source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'reliability',
    include: ['apps/server/reliability/**/*.rel.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    // One suite at a time: each measures the machine and must not share it with another.
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
