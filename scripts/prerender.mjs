// The build's last step for the web client (scripts/build.mjs): the landing page prerendered
// into dist/pages/landing.html with its styles inline, so a visitor's browser paints it from the
// HTML alone before any script runs, and with its own small script instead of the app's
// (apps/web/src/landing-page.ts), which loads no framework until the visitor heads for the app;
// the default brand's colours and title in every page, so the first paint is already the brand's;
// and for each route a page of its own (dist/pages/route-<n>.html) that links the chunks it loads
// beyond the entry, listed in dist/pages/routes.json. The server sends landing.html for `/`, a
// route's own page for its paths and index.html for any other (apps/server/src/http/web.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/** The landing page's own entry (apps/web/vite.config.ts). */
const LANDING_SCRIPT = 'src/landing-page.ts';

/** What the prerender needs of a browser at import time: storage that holds nothing. */
class EmptyStorage {
  getItem() {
    return null;
  }
  setItem() {}
  removeItem() {}
}

/** The modules a built file loads before it runs: its static imports, each once. */
function staticImports(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of entry.imports ?? []) staticImports(manifest, imported, seen);
  return seen;
}

export async function prerender(webDir) {
  const dist = join(webDir, 'dist');
  const ssrDir = join(webDir, 'dist-ssr');
  await build({
    root: webDir,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: true,
      rollupOptions: { output: { entryFileNames: 'prerender.js' } },
    },
  });
  globalThis.localStorage = new EmptyStorage();
  globalThis.sessionStorage = new EmptyStorage();
  const page = await import(pathToFileURL(join(ssrDir, 'prerender.js')).href);
  const landingHtml = await page.renderPage('/');
  const loadingHtml = page.renderLoading();
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const preloads = await routePreloads(page, ssrDir, manifest);
  rmSync(ssrDir, { recursive: true, force: true });
  mkdirSync(join(dist, 'pages'), { recursive: true });

  const shell = readFileSync(join(dist, 'index.html'), 'utf8')
    .replace('<html lang="en">', `<html lang="en" style="${page.DEFAULT_BRAND_CSS_VARIABLES}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${page.DEFAULT_TITLE}</title>`);
  const loading = shell.replace('<div id="root"></div>', `<div id="root">${loadingHtml}</div>`);
  writeFileSync(join(dist, 'index.html'), loading);

  // A route's page links its chunks: they load beside the entry instead of after it has run, and
  // the entry's import of them finds them linked and adds nothing (Vite's preload helper looks
  // for a <link> of each, and adding one costs a phone milliseconds). The module preloads go in
  // the head; the styles after the root, so the loading dice paint without waiting for them.
  const routes = preloads.map(({ pattern, scripts, styles }, index) => {
    const file = `pages/route-${index}.html`;
    const modules = scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
    const sheets = styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
    writeFileSync(
      join(dist, file),
      loading
        .replace('</head>', `${modules.join('')}</head>`)
        .replace('</body>', `${sheets.join('')}</body>`),
    );
    return { pattern, file };
  });
  writeFileSync(join(dist, 'pages/routes.json'), JSON.stringify(routes));

  // The landing page: its styles (the app entry's, its route's and its own script's chunks')
  // inline in the head, so the markup paints styled on the HTML alone, and its own script
  // (src/landing-page.ts) in place of the app's, with nothing of the app linked or preloaded:
  // the app loads when the visitor heads for it.
  const script = manifest[LANDING_SCRIPT];
  const styleFiles = [
    ...new Set(
      [
        ...staticImports(manifest, 'index.html'),
        ...staticImports(manifest, 'src/app/routes/landing.tsx'),
        ...staticImports(manifest, LANDING_SCRIPT),
      ].flatMap((key) => manifest[key].css ?? []),
    ),
  ];
  const css = styleFiles.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
  const landing = shell
    .replace(/\s*<link rel="(?:stylesheet|modulepreload)"[^>]*>/g, '')
    .replace(
      /<script type="module" crossorigin src="[^"]*"><\/script>/,
      `<script type="module" crossorigin src="/${script.file}"></script>`,
    )
    .replace('</head>', `<style>${css}</style></head>`)
    .replace('<div id="root"></div>', `<div id="root">${landingHtml}</div>`);
  if (!landing.includes(script.file) || landing.includes(manifest['index.html'].file))
    throw new Error('prerender: the landing page must load its own script and not the app');
  writeFileSync(join(dist, 'pages/landing.html'), landing);
}

/**
 * For each path of the route table (but the prerendered landing page), the client's chunks its
 * lazy routes load beyond the entry's, which that path's page links (above).
 * A route's module is found by the component it exports, in the prerender's own build.
 */
async function routePreloads(page, ssrDir, manifest) {
  const ssrManifest = JSON.parse(readFileSync(join(ssrDir, '.vite/manifest.json'), 'utf8'));
  const moduleOf = new Map();
  for (const [key, chunk] of Object.entries(ssrManifest)) {
    if (!chunk.isDynamicEntry) continue;
    const loaded = await import(pathToFileURL(join(ssrDir, chunk.file)).href);
    for (const value of Object.values(loaded)) if (!moduleOf.has(value)) moduleOf.set(value, key);
  }
  const entry = staticImports(manifest, 'index.html');
  const preloads = [];
  for (const { pattern, components } of await page.routeComponents()) {
    if (pattern === '/') continue;
    // The operators' back office is no client page: it gets the plain index.html and loads its
    // own chunk when its router asks (apps/web/src/app/routes/backoffice.tsx).
    if (pattern === '/backoffice' || pattern.startsWith('/backoffice/')) continue;
    const keys = new Set();
    for (const component of components) {
      const key = moduleOf.get(component);
      if (key === undefined)
        throw new Error(`prerender: no chunk holds the component of ${pattern}`);
      staticImports(manifest, key, keys);
    }
    const own = [...keys].filter((key) => !entry.has(key));
    preloads.push({
      pattern,
      scripts: own.map((key) => `/${manifest[key].file}`),
      styles: [...new Set(own.flatMap((key) => manifest[key].css ?? []))].map((file) => `/${file}`),
    });
  }
  return preloads;
}
