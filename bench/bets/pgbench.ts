import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, pinned } from '../lib/results.js';

/**
 * The baseline side of the bets benchmark: Debian's pgbench (installed when missing), run pinned
 * against the product's own embedded PostgreSQL, and the check that bet.sql sends what the server
 * sends for a bet.
 */

/**
 * pgbench, installed when missing. On Debian 12 `pgbench` is not in postgresql-client-15 but in
 * the server package postgresql-15 (postgresql-client-common only holds the /usr/bin wrapper).
 */
export function pgbenchBinary(): string {
  const onPath = () => spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' });
  const versioned = () =>
    existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .map((version) => join('/usr/lib/postgresql', version, 'bin', 'pgbench'))
          .filter((path) => existsSync(path))
          .sort()
          .at(-1)
      : undefined;
  const found = () => {
    const path = onPath().stdout.trim();
    if (path !== '' && spawnSync(path, ['--version']).status === 0) return path;
    return versioned();
  };
  const first = found();
  if (first) return first;
  if (process.getuid?.() !== 0)
    throw new Error('pgbench is missing: apt-get install postgresql-client postgresql (as root)');
  const install = () =>
    spawnSync(
      'apt-get',
      ['install', '-y', '--no-install-recommends', 'postgresql-client', 'postgresql'],
      { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
    ).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    install();
  }
  const installed = found();
  if (!installed) throw new Error('pgbench is still missing after apt-get install');
  return installed;
}

export interface PgbenchResult {
  /** Transactions per second, without the initial connection time (pgbench's own figure). */
  readonly tps: number;
  readonly transactions: number;
  readonly failed: number;
  /** Per-transaction latency from pgbench's log (-l), ms; empty without `latencies`. */
  readonly p50: number;
  readonly p99: number;
  readonly output: string;
}

/** Runs pgbench pinned to `cpus`; with `latencies`, logs every transaction for p50/p99. */
export async function runPgbench(options: {
  binary: string;
  cpus: string;
  args: readonly string[];
  latencies?: boolean;
  cwd?: string;
}): Promise<PgbenchResult> {
  const logDir = options.latencies ? await mkdtemp(join(tmpdir(), 'bets-pgbench-')) : undefined;
  const args = [...options.args, ...(logDir ? ['-l', `--log-prefix=${join(logDir, 'tx')}`] : [])];
  const [file, ...rest] = pinned(options.cpus, options.binary, args);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(file!, rest, {
      cwd: options.cwd ?? tmpdir(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(text)
        : reject(new Error(`pgbench ${args.join(' ')} exited ${code}:\n${text}`)),
    );
  });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? 0);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
  let p50 = 0;
  let p99 = 0;
  if (logDir) {
    // Each line: client_id transaction_no latency_us script_no epoch_s epoch_us.
    const samples: number[] = [];
    for (const name of await readdir(logDir)) {
      for (const line of (await readFile(join(logDir, name), 'utf8')).split('\n')) {
        const latency = Number(line.split(' ')[2]);
        if (line !== '' && Number.isFinite(latency)) samples.push(latency / 1000);
      }
    }
    p50 = percentile(samples, 50);
    p99 = percentile(samples, 99);
    await rm(logDir, { recursive: true, force: true });
  }
  return { tps, transactions, failed, p50, p99, output };
}

// ---------------------------------------------------------------- the same SQL

/**
 * A statement with every bound value, literal and expression of values made `?`, so that the
 * server's text (`$1`) and bet.sql's (`:var`, `'1.' || :ev`, `now()`, `null`) compare.
 */
export function normalize(statement: string): string {
  let text = statement
    .replace(/\\gset\s*\w*\s*$/, '')
    .replace(/;\s*$/, '')
    .toLowerCase()
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\$\d+/g, '?')
    .replace(/(?<![:\w]):[a-z_]\w*/g, '?')
    .replace(/\bnow\(\)|\bnull\b|\btrue\b|\bfalse\b/g, '?')
    .replace(/(?<![\w".])\d+(?![\w.])/g, '?');
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(/\?\s*(?:\|\||\*|\/|\+)\s*\?/g, '?');
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The statements bet.sql sends for one bet of the given branch (0 match odds, 1 bookmaker,
 * 2 fancy), normalised: its `\if :kind …` / `\elif` / `\else` branches in order. A statement
 * may span lines (as pgbench reads it): it ends with `;` or a `\gset`.
 */
export function scriptStatements(script: string, branch: number): string[] {
  const statements: string[] = [];
  let depth = 0;
  let current = -1;
  let pending: string[] = [];
  for (const raw of script.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('--')) continue;
    if (pending.length === 0) {
      if (line.startsWith('\\if')) {
        depth += 1;
        current = 0;
        continue;
      }
      if (line.startsWith('\\elif') || line.startsWith('\\else')) {
        current += 1;
        continue;
      }
      if (line.startsWith('\\endif')) {
        depth -= 1;
        current = -1;
        continue;
      }
      if (line.startsWith('\\')) continue;
    }
    if (depth > 0 && current !== branch) continue;
    pending.push(raw);
    if (line.endsWith(';') || /\\gset\s*\w*$/.test(line)) {
      statements.push(normalize(pending.join('\n')));
      pending = [];
    }
  }
  if (pending.length > 0) statements.push(normalize(pending.join('\n')));
  return statements;
}

export interface LoggedStatement {
  /** The backend's process id. */
  readonly pid: number;
  /** The statement as logged, every line of it. */
  readonly text: string;
}

/**
 * The statements of a PostgreSQL log written with log_statement=all (stderr, the default
 * `%m [%p] ` prefix), in the order they were logged: simple queries (`statement:`) and the
 * extended protocol's executions (`execute <name>:`). A statement of several lines goes on in
 * lines that start with a tab; the parameters' DETAIL line and anything else are left out.
 */
export function loggedStatements(log: string): LoggedStatement[] {
  const statements: { pid: number; lines: string[] }[] = [];
  let open: { pid: number; lines: string[] } | undefined;
  const pattern = /\[(\d+)\] LOG: {2}(?:statement|execute [^:]*): (.*)$/;
  for (const line of log.split('\n')) {
    if (line.startsWith('\t')) {
      open?.lines.push(line.slice(1));
      continue;
    }
    const match = pattern.exec(line);
    open = match ? { pid: Number(match[1]), lines: [match[2] ?? ''] } : undefined;
    if (open) statements.push(open);
  }
  return statements.map(({ pid, lines }) => ({ pid, text: lines.join('\n') }));
}

// ---------------------------------------------------------------- CPU time

const TICKS_PER_SECOND = Number(
  spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100,
);

async function stat(pid: number): Promise<string[] | undefined> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, which may hold spaces); field 3 is index 0.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds a process has used: user and system. */
export async function cpuSeconds(pid: number): Promise<{ user: number; system: number }> {
  const fields = await stat(pid);
  if (!fields) return { user: 0, system: 0 };
  return {
    user: Number(fields[11]) / TICKS_PER_SECOND,
    system: Number(fields[12]) / TICKS_PER_SECOND,
  };
}

/**
 * CPU seconds of a postmaster and all its backends: its own, its reaped children's, and its live
 * children's, so that a backend ending inside a window still counts.
 */
export async function clusterCpuSeconds(postmaster: number): Promise<number> {
  const own = await stat(postmaster);
  if (!own) return 0;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = await stat(Number(entry));
    if (fields && Number(fields[1]) === postmaster)
      ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}
