import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  startServer,
  type ServerProcess,
} from '../../apps/server/reliability/support/server-process.js';
import { recordAssets, gzip9, type Asset } from '../../e2e/support/weigh.js';
import { note, ratio, report, SERVER_CPUS } from '../lib/results.js';

/**
 * Client weight (bench/README.md): the JavaScript and CSS each first route loads on a fresh load
 * (a new browser context: empty cache), gzip level 9 of the exact bytes, beside a minimal
 * React 19 + react-router app built by Vite. Goals: ≤ 15 KiB of compressed JS on the landing
 * page (it ships no framework), ≤ 130 KiB on the login page, ≤ 165 KiB on the event screen.
 */

const BENCH = 'client-weight';
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const FIXTURE = here('../api-reads/fixture.json');
const BASELINE_APP = here('./baseline');
const WEB_ASSETS = here('../../apps/web/dist/assets');
/** The fixture's cricket event (bench/api-reads/fixture.json). */
const EVENT_ID = 7000001;
const KIB = 1024;

const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
const CONTEXT: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  timezoneId: 'Asia/Kolkata',
  locale: 'en-IN',
  geolocation: { latitude: 19.076, longitude: 72.8777 },
  permissions: ['geolocation'],
};

/** Loads `path` in a fresh context and collects every script and stylesheet it fetched. */
async function weigh(
  browser: Browser,
  base: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<Asset[]> {
  const context = await browser.newContext({ ...CONTEXT, ...options, baseURL: base });
  const page = await context.newPage();
  const assetsLoaded = recordAssets(page);
  await page.goto(path);
  await ready(page);
  // Whatever the first render asks for lazily (route chunks, their CSS) has been asked for once
  // the network is quiet; the event screen polls every 2 s, with quiet gaps between.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  const assets = await assetsLoaded();
  await context.close();
  return assets;
}

const sum = (assets: readonly Asset[], kind: Asset['kind'], pick: (asset: Asset) => number) =>
  assets.filter((asset) => asset.kind === kind).reduce((total, asset) => total + pick(asset), 0);
const kib = (bytes: number) => Math.round((bytes / KIB) * 10) / 10;

/** The baseline app, built by Vite for production into a temporary directory: its JS, gzip -9. */
async function baselineJs(outDir: string): Promise<number> {
  // Vitest runs with NODE_ENV=test, which Vite would take over the mode: React's production
  // build needs production, as `vite build` has it from the command line.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: BASELINE_APP,
      configFile: false,
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const assets = join(outDir, 'assets');
  let total = 0;
  for (const file of await readdir(assets)) {
    if (file.endsWith('.js')) total += gzip9(await readFile(join(assets, file)));
  }
  return total;
}

// ------------------------------------------------------------------ attribution by source maps

const VLQ = new Map(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

/** The Base64 VLQ fields of one source-map segment. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = VLQ.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Who a source belongs to: a package by name, or our own code by its folder. */
function owner(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = source.slice(modules + 'node_modules/'.length).split('/');
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? source);
  }
  const contract = /packages\/(\w+)\/src\//.exec(source);
  if (contract) return `@backlay/${contract[1]}`;
  const web = /(?:^|\/)src\/((?:features|app|lib|ui)(?:\/[^/]+)?)/.exec(source);
  if (web) return `web ${web[1]}`;
  return source.replace(/^(\.\.\/)+/, '');
}

/**
 * The generated code of the given built files, attributed to their owners through the build's
 * source maps (apps/web builds with `build.sourcemap`: the maps beside the served files): each
 * owner's minified characters, and gzip -9 of its code alone.
 */
async function attribute(
  files: readonly string[],
): Promise<Map<string, { chars: number; code: string[] }>> {
  const owners = new Map<string, { chars: number; code: string[] }>();
  for (const file of files) {
    const code = await readFile(join(WEB_ASSETS, file), 'utf8');
    const mapText = await readFile(join(WEB_ASSETS, `${file}.map`), 'utf8').catch(() => null);
    if (mapText === null) {
      const entry = owners.get('(no source map)') ?? { chars: 0, code: [] };
      entry.chars += code.length;
      entry.code.push(code);
      owners.set('(no source map)', entry);
      continue;
    }
    const map = JSON.parse(mapText) as { sources: string[]; mappings: string };
    const lines = code.split('\n');
    let source = 0;
    for (const [index, mappings] of map.mappings.split(';').entries()) {
      const line = lines[index] ?? '';
      let column = 0;
      const starts: { column: number; source: number | null }[] = [];
      for (const segment of mappings.split(',')) {
        if (segment === '') continue;
        const fields = decodeSegment(segment);
        column += fields[0] ?? 0;
        if (fields.length >= 4) {
          source += fields[1] ?? 0;
          starts.push({ column, source });
          // Line and column of the source are relative too; they do not matter here, but the
          // name index does not either: both only advance their own counters.
        } else {
          starts.push({ column, source: null });
        }
      }
      if (starts.length === 0 || starts[0]!.column > 0) starts.unshift({ column: 0, source: null });
      for (const [i, start] of starts.entries()) {
        const end = starts[i + 1]?.column ?? line.length;
        if (end <= start.column) continue;
        const name = start.source === null ? '(unmapped)' : owner(map.sources[start.source] ?? '?');
        const entry = owners.get(name) ?? { chars: 0, code: [] };
        entry.chars += end - start.column;
        entry.code.push(line.slice(start.column, end));
        owners.set(name, entry);
      }
    }
  }
  return owners;
}

/** "react-dom 180.2 KiB (gzip 56.1) · …": the largest owners of a route's JS. */
async function whatDominates(assets: readonly Asset[]): Promise<string> {
  const files = assets
    .filter((asset) => asset.kind === 'js' && asset.url.startsWith('/assets/'))
    .map((asset) => asset.url.slice('/assets/'.length));
  const owners = await attribute(files);
  const total = [...owners.values()].reduce((all, entry) => all + entry.chars, 0);
  return [...owners.entries()]
    .sort((a, b) => b[1].chars - a[1].chars)
    .slice(0, 10)
    .map(
      ([name, entry]) =>
        `${name} ${Math.round((entry.chars / total) * 100)} % (${kib(entry.chars)} KiB min, ${kib(gzip9(Buffer.from(entry.code.join('\n'))))} KiB gzip alone)`,
    )
    .join(' · ');
}

// ------------------------------------------------------------------ the benchmark

async function logIn(
  browser: Browser,
  base: string,
): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext({ ...CONTEXT, baseURL: base });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill('demo1');
  await page.getByLabel('Password', { exact: true }).fill('Backlay@2026');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/home');
  const state = await context.storageState();
  await context.close();
  return state;
}

describe('client-weight', () => {
  it('weighs the JS and CSS of each first route beside a minimal React app', async () => {
    const work = await mkdtemp(join(tmpdir(), 'bench-client-weight-'));
    // The embedded PostgreSQL runs as another user: it must reach DATA_DIR through this directory.
    await chmod(work, 0o755);
    let server: ServerProcess | undefined;
    let browser: Browser | undefined;
    try {
      const baseline = await baselineJs(join(work, 'baseline-dist'));
      expect(baseline).toBeGreaterThan(10 * KIB);

      server = await startServer({
        dataDir: join(work, 'data'),
        cpus: SERVER_CPUS,
        env: { FEED: 'scripted', FEED_FIXTURE: FIXTURE },
      });
      browser = await chromium.launch(CHROMIUM);
      const base = server.base;
      const storageState = await logIn(browser, base);

      const routes = [
        {
          name: 'landing',
          path: '/',
          ready: (page: Page) => page.waitForLoadState('load'),
          options: {},
          goal: 15,
        },
        {
          name: 'login',
          path: '/login',
          ready: (page: Page) => page.getByLabel('Username').waitFor(),
          options: {},
          goal: 130,
        },
        {
          name: 'home',
          path: '/home',
          ready: (page: Page) => page.getByRole('link', { name: 'Cricket' }).last().waitFor(),
          options: { storageState },
        },
        {
          name: 'event screen',
          path: `/market/4/${EVENT_ID}`,
          ready: (page: Page) => page.getByText('Mumbai Strikers').first().waitFor(),
          options: { storageState },
          goal: 165,
        },
      ] as const;

      const encodings = new Set<string>();
      for (const route of routes) {
        const assets = await weigh(browser, base, route.path, route.ready, route.options);
        const js = sum(assets, 'js', (asset) => asset.gzip);
        const css = sum(assets, 'css', (asset) => asset.gzip);
        expect(js, `${route.name} loads JavaScript`).toBeGreaterThan(0);
        for (const asset of assets) encodings.add(asset.encoding);
        const goal = 'goal' in route ? route.goal : undefined;
        report({
          bench: BENCH,
          figure: `${route.name} compressed JS`,
          value: kib(js),
          unit: 'KiB',
          baseline: { name: 'minimal React 19 + react-router, Vite', value: kib(baseline) },
          ratio: ratio(js, baseline),
          ...(goal === undefined ? {} : { goal: `≤ ${goal} KiB`, met: js <= goal * KIB }),
        });
        report({
          bench: BENCH,
          figure: `${route.name} compressed CSS`,
          value: kib(css),
          unit: 'KiB',
        });
        const files = assets.filter((asset) => asset.kind === 'js').length;
        note({
          bench: BENCH,
          note:
            `${route.name} (${route.path.replace(String(EVENT_ID), '<eventId>')}): ${files} JS files, ${kib(sum(assets, 'js', (a) => a.bytes))} KiB minified, ` +
            `${kib(sum(assets, 'js', (a) => a.sent))} KiB JS + ${kib(sum(assets, 'css', (a) => a.sent))} KiB CSS as the server sent it.`,
        });
        if (goal !== undefined && js > goal * KIB) {
          note({
            bench: BENCH,
            note: `${route.name} JS misses its goal; by source (the build's source maps): ${await whatDominates(assets)}`,
          });
        }
      }
      note({
        bench: BENCH,
        note:
          'Method: one fresh Chromium context per route (empty cache; logged-in routes reuse a login ' +
          "through storage state), every script and stylesheet fetched until the network is quiet, gzip level 9 of the exact bytes; the server's own Content-Encoding: " +
          `${[...encodings].join(', ')}. Bytes are deterministic: one load per route.`,
      });
    } finally {
      await browser?.close();
      await server?.stop();
      await rm(work, { recursive: true, force: true });
    }
  });
});
