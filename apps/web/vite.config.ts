import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The worker's placeholder for its build id (src/sw/sw.ts). */
const BUILD_ID = '__BACKLAY_BUILD_ID__';

/** Every file under `dir`, as name and bytes, in a stable order. */
function filesUnder(dir: string): [string, Buffer][] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry): [string, Buffer] => {
      const path = join(entry.parentPath, entry.name);
      return [path.slice(dir.length), readFileSync(path)];
    })
    .sort(([a], [b]) => a.localeCompare(b));
}

/**
 * The service worker (src/sw/sw.ts) is an entry of its own, built to /sw.js at a stable URL,
 * with the id of the build it belongs to written in: a hash of every other file the build
 * writes, so a deploy that changes anything changes the worker's bytes and the browser installs
 * it as an update (docs/pwa-and-data-saver.md).
 */
function serviceWorkerBuildId(): Plugin {
  return {
    name: 'backlay-sw-build-id',
    apply: 'build',
    generateBundle(_options, bundle) {
      const worker = bundle['sw.js'];
      if (worker?.type !== 'chunk') return;
      const hash = createHash('sha256');
      for (const [name, file] of Object.entries(bundle).sort(([a], [b]) => a.localeCompare(b))) {
        if (name === 'sw.js' || name.endsWith('.map')) continue;
        hash.update(name).update(file.type === 'chunk' ? file.code : file.source);
      }
      for (const [name, bytes] of filesUnder(join(here, 'public'))) hash.update(name).update(bytes);
      hash.update(worker.code);
      worker.code = worker.code.replaceAll(BUILD_ID, hash.digest('hex').slice(0, 16));
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorkerBuildId()],
  // The workspace packages expose their TypeScript source under the `source` condition.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/MessageHub': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
  // The manifest tells the prerender which chunks a route loads (scripts/prerender.mjs).
  build: {
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      // The landing page's own script is an entry of its own, with no framework in its graph:
      // scripts/prerender.mjs links it from the prerendered landing page.
      input: {
        index: join(here, 'index.html'),
        'landing-page': join(here, 'src/landing-page.ts'),
        sw: join(here, 'src/sw/sw.ts'),
      },
      output: {
        // The framework (React and its scheduler, the router, TanStack Query) in one chunk: every
        // page of the app loads all of it, and without this group the landing page's import of
        // the app (src/app/start.tsx) splits it into several, each compressed apart (the login
        // page 1.4 KiB heavier; docs/architecture.md, "The client's weight").
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
            },
          ],
        },
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
