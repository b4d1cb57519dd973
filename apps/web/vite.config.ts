import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The workspace packages expose their TypeScript source under the `source` condition.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/MessageHub': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
  // The manifest tells the prerender which chunks a route loads (scripts/prerender.mjs).
  build: { sourcemap: true, manifest: true },
});
