import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CASINO_SECRET, OPS_TOKEN } from './fixtures';
import { clockOffsetMs, offsetToTimeOfDay } from './support/clock';

/**
 * A free port and a fresh DATA_DIR per run, chosen once by the main process; workers inherit
 * them through the environment.
 */
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
const PORT = Number(process.env.E2E_PORT);

/**
 * `E2E_AT=HH:MM` runs the whole suite at that time of today in Asia/Kolkata: the server's clock
 * (CLOCK_OFFSET_MS) and every page's (fixtures.ts) move by one offset, chosen once here and
 * inherited by the workers (`npm run test:e2e:hours` runs the suite at three hours). Unset: the
 * machine's time.
 */
if (process.env.E2E_CLOCK_OFFSET_MS === undefined) {
  const at = process.env.E2E_AT;
  process.env.E2E_CLOCK_OFFSET_MS = String(at ? offsetToTimeOfDay(at) : 0);
}
const dataDir = join(tmpdir(), `backlay-e2e-${PORT}`);

/**
 * Debian's Chromium, never a downloaded browser; flags that keep it off the closed network. The
 * journeys run in its headless shell (Debian's `chromium-headless-shell`, the same build without
 * the browser's window machinery, the headless mode Playwright itself uses): a third less time
 * than the full browser for the same journeys (docs/testing.md). A machine with only the browser
 * (`/usr/bin/chromium`) runs them there.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * Two workers, one per project: live.spec.ts, which mostly waits on a simulated match in real
 * time against a server of its own, runs beside the other journeys, which share the one server
 * below and take their turns one at a time: they are bound by the browser's CPU, and a second
 * worker for them gained 12 % on this 2-core machine (docs/testing.md), not worth the journeys
 * that measure what a page does in a while.
 */
export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'live', testMatch: 'live.spec.ts', workers: 1 },
    { name: 'journeys', testMatch: '**/*.spec.ts', testIgnore: 'live.spec.ts', workers: 1 },
  ],
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    viewport: { width: 1280, height: 800 },
    timezoneId: 'Asia/Kolkata',
    locale: 'en-IN',
    geolocation: { latitude: 19.076, longitude: 72.8777 },
    permissions: ['geolocation'],
    screenshot: 'only-on-failure',
    // The client's service worker stays out of the journeys; e2e/pwa.spec.ts lets it in.
    serviceWorkers: 'block',
  },
  // The real server, built as `npm start` builds it, on a fresh embedded database, with the
  // scripted feed (journeys cause every price change themselves) instead of the simulator.
  webServer: {
    command: `rm -rf ${dataDir} && exec node apps/server/dist/main.js`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    // SIGTERM lets the server drain and stop its PostgreSQL; a SIGKILL would orphan it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      OPS_TOKEN,
      LOG_LEVEL: 'warn',
      FEED: 'scripted',
      SEED_DEMO: '1',
      // Every page and API call of the whole run comes from one address, so the per-address
      // limit (1200 a minute) would throttle the suite rather than guard a client.
      RATE_LIMIT_PER_MIN: '100000',
      // The in-play delay (docs/architecture.md) only on tennis, 2 s: one journey watches its
      // countdown; the others bet in play on cricket and football and get their answers at once.
      BET_DELAY: 'cricket=0,soccer=0,tennis=2',
      // The demo casino and the live TV pages listen on free ports of their own (other origins).
      CASINO_PORT: '0',
      // A journey plays a provider that dies between a round's Debit and its Credit.
      CASINO_SECRET,
      TV_PORT: '0',
      CLOCK_OFFSET_MS: String(clockOffsetMs()),
    },
  },
});
