import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const OPS_TOKEN = 'e2e-operator-token-0123456789-abcdefghijkl';
const dataDir = join(tmpdir(), `backlay-e2e-${PORT}`);

/** Debian's Chromium, never a downloaded browser; flags that keep it off the closed network. */
const chromium = {
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

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    timezoneId: 'Asia/Kolkata',
    locale: 'en-IN',
    geolocation: { latitude: 19.076, longitude: 72.8777 },
    permissions: ['geolocation'],
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
  // The real server on a fresh embedded database, with the built client.
  webServer: {
    command: `rm -rf ${dataDir} && exec node apps/server/dist/main.js`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    // SIGTERM lets the server drain and stop its PostgreSQL; a SIGKILL would orphan it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: { PORT: String(PORT), DATA_DIR: dataDir, OPS_TOKEN, LOG_LEVEL: 'warn', FEED: 'none' },
  },
});
