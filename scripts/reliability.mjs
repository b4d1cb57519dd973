// `npm run test:reliability [-- <suite>… [--short]]`: the reliability suites (money, crash,
// hostile, scale) under apps/server/reliability/<suite>/, then one table of every figure they recorded.
// --short is the CI version: the same bars with less load; other --options go to vitest.
// DATABASE_URL runs them on a server instead of the embedded PostgreSQL. Exits non-zero when a
// test fails or a figure misses its bar.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const suitesDir = join(root, 'apps/server/reliability');
const known = readdirSync(suitesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const args = process.argv.slice(2);
const short = args.includes('--short');
const asked = args.filter((arg) => !arg.startsWith('--'));
// Other options go to vitest (CI passes its reporters this way).
const passOn = args.filter((arg) => arg.startsWith('--') && arg !== '--short');
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown suite ${unknown.join(', ')}; the suites are: ${known.join(', ')}`);
  process.exit(2);
}
const suites = asked.length > 0 ? asked : known;
const figuresFile = join(root, '.reliability', 'figures.jsonl');
rmSync(figuresFile, { force: true });

// The crash, hostile and scale suites run the built server and client as a user does (npm start).
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const run = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    'vitest.reliability.config.ts',
    ...passOn,
    ...suites.map((suite) => `apps/server/reliability/${suite}/`),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      RELIABILITY_SHORT: short ? '1' : '0',
      RELIABILITY_FIGURES: figuresFile,
    },
  },
);

const figures = existsSync(figuresFile)
  ? readFileSync(figuresFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line))
  : [];
const rows = figures.map((figure) => [
  figure.suite,
  figure.name,
  String(figure.value),
  figure.bar ?? '',
  figure.pass === undefined ? '' : figure.pass ? 'pass' : 'FAIL',
]);
const header = ['suite', 'figure', 'value', 'bar', 'result'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column].length)),
);
const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
const database = process.env.DATABASE_URL
  ? 'PostgreSQL server (DATABASE_URL)'
  : 'embedded PostgreSQL';
console.log(`\nReliability figures — ${short ? 'short' : 'full'} run on the ${database}\n`);
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
const missed = figures.filter((figure) => figure.pass === false).length;
console.log(`\n${figures.length} figures, ${missed} below their bar`);
process.exit(run.status !== 0 ? (run.status ?? 1) : missed > 0 ? 1 : 0);
