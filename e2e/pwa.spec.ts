import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { atWidth, expect, logIn, test } from './fixtures';
import { expectAccessible } from './support/axe';
import { inPlayEvent } from './support/cricket';

/**
 * The installable client (docs/pwa-and-data-saver.md): the host brand's manifest, the service
 * worker and Chromium's own installability check on the landing page (Lighthouse 12 dropped its
 * PWA category, so the check is the browser's: `Page.getInstallabilityErrors`); the offline page
 * when the network is cut; no API answer ever served from the worker or kept in its cache; and the
 * update prompt when a new build's worker is waiting, a deploy played by writing the next build's
 * worker into the served build (the browser fetches a worker's script itself, out of reach of
 * Playwright's routing).
 */
test.use({ serviceWorkers: 'allow' });

const OFFLINE_TEXT = "You're offline. Live odds and betting need a connection.";

/** Waits until the worker is active and controls `page` (the first load installs it; it claims). */
async function controlledBy(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .not.toBeNull();
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Every URL the worker's caches hold. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

test('the landing page is installable: manifest, icons and a worker that controls it', async ({
  request,
}, testInfo) => {
  // A browser profile of its own: Chromium installs nothing from an incognito context, which
  // every new Playwright context is.
  const profile = await mkdtemp(join(tmpdir(), 'backlay-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: testInfo.project.use.baseURL,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#123c3a');
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
  const manifest = (await answer.json()) as {
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Backlay',
    short_name: 'Backlay',
    start_url: '/',
    display: 'standalone',
    theme_color: '#123c3a',
  });
  expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );
  // Chromium's own check, the one behind its install button.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  // Installing kept the offline page and the brand's icons, and nothing of the API.
  const kept = await cachedUrls(page);
  expect(kept.map((url) => new URL(url).pathname)).toEqual(
    expect.arrayContaining([
      '/offline.html',
      '/icons/backlay-192.png',
      '/icons/backlay-512.png',
      '/icons/backlay-maskable-512.png',
    ]),
  );
  await context.close();
  await rm(profile, { recursive: true, force: true });
});

for (const width of [1280, 375]) {
  test(`a page asked for with the network cut shows the offline page, at ${width} px`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ ...atWidth(width), serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/login');
    await controlledBy(page);
    await context.setOffline(true);
    for (const path of ['/home', '/market/4/123', '/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: OFFLINE_TEXT })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.screenshot({ path: testInfo.outputPath(`offline-${width}.png`) });
    await expectAccessible(page, `the offline page at ${width}`);
    // Retry loads the same address again: back online, the page itself.
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Retry' }).click();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await context.close();
  });
}

test('no API answer is ever served from the worker or kept in its cache', async ({
  page,
  client,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const eventId = await inPlayEvent(request, `Cache Cup ${tag}`, `Wrens ${tag}`, `Crows ${tag}`);
  const api: { url: string; fromWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.toLowerCase().startsWith('/api/')) {
      api.push({ url: response.url(), fromWorker: response.fromServiceWorker() });
    }
  });
  await page.goto('/');
  await controlledBy(page);
  await logIn(page, client);
  await expect(page.getByText(`Wrens ${tag} v Crows ${tag}`).first()).toBeVisible();
  await page.goto(`/market/4/${eventId}`);
  await expect(page.getByText(`Wrens ${tag}`).first()).toBeVisible();
  await page.goto('/home');
  await expect(page.getByText(`Wrens ${tag} v Crows ${tag}`).first()).toBeVisible();

  // The pages were the worker's (it controls them), the API answers never.
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(api.length).toBeGreaterThan(5);
  expect(api.filter((answer) => answer.fromWorker)).toEqual([]);
  const kept = await cachedUrls(page);
  expect(kept.some((url) => new URL(url).pathname.startsWith('/assets/'))).toBe(true);
  expect(kept.filter((url) => /\/api\/|\/messagehub/i.test(url))).toEqual([]);

  // Offline, an API call fails: no copy of an answer stands in for it.
  await page.context().setOffline(true);
  const offline = await page.evaluate(async () => {
    const token = (
      JSON.parse(localStorage.getItem('loginUserDetails') ?? '{}') as { Token?: string }
    ).Token;
    return Promise.all(
      ['/api/Site/Config', '/api/MarketModels/GetMarketList?sportsId=0'].map((url) =>
        fetch(url, { headers: { authorization: `Bearer ${token}` } }).then(
          (answer) => `answered ${answer.status}`,
          () => 'failed',
        ),
      ),
    );
  });
  expect(offline).toEqual(['failed', 'failed']);
  await page.context().setOffline(false);
});

/** The served build (e2e/playwright.config.ts runs the server on it). */
const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

/**
 * Deploys the next build's worker: the served /sw.js with `next` for the build id the build
 * wrote, without its compressed copies (the server would send those first). Answers the undo.
 */
async function deployNextWorker(buildId: string, next: string): Promise<() => Promise<void>> {
  const worker = join(DIST, 'sw.js');
  const built = await readFile(worker, 'utf8');
  expect(built).toContain(buildId);
  const copies = ['sw.js.br', 'sw.js.gz'].map((file) => join(DIST, file));
  for (const copy of copies) await rename(copy, `${copy}.built`);
  await writeFile(worker, built.replaceAll(buildId, next));
  return async () => {
    await writeFile(worker, built);
    for (const copy of copies) await rename(`${copy}.built`, copy);
  };
}

test('a new build prompts for a reload, which hands the page to the new worker', async ({
  page,
  client,
}, testInfo) => {
  await page.goto('/');
  await controlledBy(page);
  await logIn(page, client);
  const before = await page.evaluate(() => caches.keys());
  expect(before).toHaveLength(1);
  const buildId = before[0]!.replace('backlay-', '');
  const undo = await deployNextWorker(buildId, 'e2e-next-build');
  try {
    await page.evaluate(() => {
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
      return navigator.serviceWorker
        .getRegistration()
        .then((registration) => registration?.update());
    });
    const prompt = page.getByText('A new version of Backlay is available');
    await expect(prompt).toBeVisible();
    // Settled in, for the screenshot: sonner fades a toast in.
    await expect(page.locator('[data-sonner-toast]')).toHaveCSS('opacity', '1');
    await page.screenshot({ path: testInfo.outputPath('update-prompt-1280.png') });
    expect(
      await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state,
      ),
    ).toBe('installed');

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    // The page reloaded (its window is new) under the new worker, nothing left waiting, and the
    // old build's cache gone.
    expect(
      await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate ?? false),
    ).toBe(false);
    await expect(page.getByRole('button', { name: new RegExp(client.username) })).toBeVisible();
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return [registration?.waiting ?? null, registration?.active?.state];
      }),
    ).toEqual([null, 'activated']);
    expect(await page.evaluate(() => caches.keys())).toEqual(['backlay-e2e-next-build']);
    await expect(prompt).toHaveCount(0);
  } finally {
    await undo();
  }
});
