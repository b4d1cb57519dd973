import { defineConfig } from 'vitest/config';

// The benchmarks (bench/README.md): each figure beside its baseline, never part of `npm test`.
// `npm run bench [-- <name>…]` runs them through bench/run.mjs, which writes bench/RESULTS.md.
const conditions = ['source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'bench',
    include: ['bench/**/*.perf.ts'],
    // One benchmark at a time: each measures the machine and must have it to itself.
    fileParallelism: false,
    testTimeout: 20 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
