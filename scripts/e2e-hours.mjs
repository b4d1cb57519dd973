// `npm run test:e2e:hours [-- HH:MM … [spec files or other playwright options]]`: the e2e suite
// at several times of day in Asia/Kolkata, one run after another (04:30, 12:00 and 23:55 unless
// told; the whole suite unless told), the server's clock and
// every page's moved there (E2E_AT, e2e/playwright.config.ts). Proves that no journey depends on
// the hour it runs at (docs/testing.md). Prints one line per run; exits non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const hours = args.filter((arg) => /^\d\d:\d\d$/.test(arg));
const passOn = args.filter((arg) => !hours.includes(arg));
const times = hours.length > 0 ? hours : ['04:30', '12:00', '23:55'];

const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const results = [];
for (const at of times) {
  const started = performance.now();
  console.log(`\n=== e2e at ${at} Asia/Kolkata`);
  // Each run chooses its own port and offset (e2e/playwright.config.ts).
  const env = { ...process.env, E2E_AT: at };
  delete env.E2E_PORT;
  delete env.E2E_CLOCK_OFFSET_MS;
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      '--config',
      'e2e/playwright.config.ts',
      ...passOn,
    ],
    { cwd: root, stdio: 'inherit', env },
  );
  const seconds = Math.round((performance.now() - started) / 1000);
  results.push({ at, ok: run.status === 0, seconds });
}

console.log('\ne2e at each hour (Asia/Kolkata):');
for (const { at, ok, seconds } of results) {
  console.log(`  ${at}  ${ok ? 'passed' : 'FAILED'}  ${seconds} s`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
