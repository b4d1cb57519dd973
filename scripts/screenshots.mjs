// Takes the screenshots kept in docs/screenshots/<screen>-<width>.png, in Debian's Chromium,
// against a running server: `node scripts/screenshots.mjs [baseUrl] [username] [password]`.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:8080', username = 'demo1', password = 'Backlay@2026'] =
  process.argv.slice(2);
const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
await mkdir(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

for (const width of [1280, 375]) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: width > 768 ? 800 : 812 },
    geolocation: { latitude: 19.076, longitude: 72.8777 },
    permissions: ['geolocation'],
    timezoneId: 'Asia/Kolkata',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const shot = (name) => page.screenshot({ path: `${out}${name}-${width}.png` });

  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  await page.waitForTimeout(300);
  await shot('landing');

  await page.goto('/signup');
  await page.getByRole('button', { name: 'Join Now' }).waitFor();
  await shot('signup');

  await page.goto('/network_err?statusCode=502');
  await page.getByText('Error Code 502').waitFor();
  await shot('network-error');

  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await shot('login');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/home');
  await page.getByRole('link', { name: 'Cricket' }).first().waitFor();
  await page.waitForTimeout(300);
  await shot('home');

  await page.getByRole('button', { name: /^W:/ }).click();
  await page.getByTestId('wallet-balance').waitFor();
  await page.waitForFunction(
    () =>
      !globalThis.document
        .querySelector('[data-testid="wallet-balance"]')
        ?.textContent?.includes('…'),
  );
  await shot('home-wallet');

  if (width <= 768) {
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('button', { name: 'Report' }).click();
    await shot('home-sidebar');
  } else {
    await page.getByRole('button', { name: new RegExp(username) }).click();
    await shot('home-user-menu');
  }
  await context.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
