import { spawn } from 'node:child_process';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { freePort } from '../../src/db/launcher.js';

/**
 * A real HAProxy in front of several Backlay instances, for the scale suite: the instances share
 * one PostgreSQL and one Redis (the hub's backplane), and the clients only know the balancer, as
 * in a deployment with more than one instance. It runs in the foreground as a child of the test
 * (`haproxy -db -f haproxy.cfg`), its output captured, and is installed with apt-get when the
 * machine has none (Debian's package; no other download).
 *
 * The choices, and why:
 * - `balance roundrobin`, one decision per request (keep-alive connections are not pinned to an
 *   instance), so a test sees every instance serve and needs no stickiness: the hub's negotiate
 *   hands out signed tokens any instance accepts.
 * - Health checks `GET <healthPath>` every 500 ms, `fall 2 rise 2`: a killed instance is marked
 *   DOWN after two failed checks, about 1 s, and back UP two good checks after it returns.
 * - `option redispatch 1` with `retries 3`: a request whose connection to a dead instance failed
 *   (before it is marked DOWN) is retried on another instance instead of failing. Only connection
 *   failures are retried (HAProxy's default `retry-on conn-failure`): a request an instance
 *   received and then died on is never sent twice, since placing a bet is not idempotent.
 * - WebSockets: HAProxy switches an upgraded connection to a tunnel; `timeout tunnel 1h` keeps
 *   quiet hub connections open, `timeout client-fin`/`server-fin` free half-closed ones.
 * - Keep-alive on both sides (no `http-server-close`); `maxconn` as high as the file limit
 *   allows, up to 20 000 (each proxied connection holds two descriptors).
 * - A stats socket in `dir` (admin level), read by {@link LoadBalancer.backendStates}.
 */

export interface Backend {
  /** The server's name in HAProxy's config and stats (letters, digits, `_.:-`). */
  readonly name: string;
  /** Its HTTP port on 127.0.0.1. */
  readonly port: number;
}

export interface LoadBalancerOptions {
  /** Where haproxy.cfg, haproxy.sock and haproxy.log go (created if missing). */
  readonly dir: string;
  /** The instances behind the balancer, in round-robin order. */
  readonly backends: readonly Backend[];
  /** The health check's path; 200 means UP. `/api/health` by default. */
  readonly healthPath?: string;
  /** Progress and HAProxy's own lines (a server going DOWN or UP), as they come. */
  readonly log?: (line: string) => void;
}

export interface LoadBalancer {
  /** The frontend's port on 127.0.0.1. */
  readonly port: number;
  /** http://127.0.0.1:{port} */
  readonly base: string;
  readonly pid: number;
  /** SIGTERM (HAProxy's immediate stop), SIGKILL after 5 s; resolves once it exited. */
  stop(): Promise<void>;
  /**
   * Each backend's status from HAProxy's stats, by name: `UP`, `DOWN`, a transition such as
   * `UP 1/2` (one check failed, not yet DOWN) or `DOWN 1/2` (one check passed, not yet UP), or
   * `INI` before its first check. A plain string, as HAProxy has more (`MAINT`, `DRAIN`, …).
   */
  backendStates(): Promise<Record<string, string>>;
  /** Everything HAProxy printed so far. */
  output(): string;
}

/** The HAProxy backend (and stats pxname) that holds the instances. */
const BACKEND = 'backlay';
const FRONTEND = 'backlay_in';
const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;
const MAX_CONNECTIONS = 20_000;
/** Descriptors HAProxy needs beside two per connection: listeners, checks, socket, stdio. */
const FD_RESERVE = 200;
/** sockaddr_un's path is 108 bytes with its NUL. */
const UNIX_PATH_MAX = 107;
const SERVER_NAME = /^[A-Za-z0-9_.:-]+$/;

/** Returns the haproxy binary's path, installed with apt-get when the machine has none. */
export async function ensureHaproxy(log?: (line: string) => void): Promise<string> {
  return ensureCommand('haproxy', 'haproxy', log);
}

const installs = new Map<string, Promise<string>>();

/**
 * Returns the path of `command` (on PATH or in an sbin directory, where Debian puts daemons),
 * installing `aptPackage` with apt-get when it is missing (`apt-get update` first only if the
 * package is unknown to a stale index). Shared with redis-server.ts; concurrent calls for the
 * same command share one install. Throws with apt's output when it cannot.
 */
export function ensureCommand(
  command: string,
  aptPackage: string,
  log: (line: string) => void = () => {},
): Promise<string> {
  let found = installs.get(command);
  if (!found) {
    found = findOrInstall(command, aptPackage, log);
    installs.set(command, found);
    // A failed install may succeed later (a fixed mirror, another user's lock released).
    found.catch(() => installs.delete(command));
  }
  return found;
}

async function findOrInstall(
  command: string,
  aptPackage: string,
  log: (line: string) => void,
): Promise<string> {
  const present = await findCommand(command);
  if (present) return present;
  log(`${command} is not installed: apt-get install -y ${aptPackage}`);
  const install = () =>
    run('apt-get', ['install', '-y', '-o', 'DPkg::Lock::Timeout=120', aptPackage], APT_ENV);
  let result = await install();
  let output = result.output;
  if (result.code !== 0 && MISSING_PACKAGE.test(result.output)) {
    log(`apt-get does not know ${aptPackage}: apt-get update, then install again`);
    const update = await run('apt-get', ['update'], APT_ENV);
    result = await install();
    output = `${update.output}\n${result.output}`;
  }
  if (result.code !== 0)
    throw new Error(
      `${command} is missing and \`apt-get install -y ${aptPackage}\` failed ` +
        `(${result.code ?? 'no exit code'}; it needs root and Debian's package mirror). ` +
        `apt's output:\n${output}`,
    );
  const installed = await findCommand(command);
  if (!installed)
    throw new Error(
      `apt-get installed ${aptPackage} but ${command} is still not found. apt's output:\n${output}`,
    );
  log(`${command} installed at ${installed}`);
  return installed;
}

const APT_ENV = { DEBIAN_FRONTEND: 'noninteractive' };
/** What apt-get says when its package index is missing or stale. */
const MISSING_PACKAGE =
  /Unable to locate package|has no installation candidate|404\s+Not Found|Failed to fetch/;

async function findCommand(command: string): Promise<string | undefined> {
  const dirs = [
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
    '/usr/local/sbin',
    '/usr/sbin',
    '/sbin',
  ];
  for (const dir of dirs) {
    const file = join(dir, command);
    try {
      await access(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

interface Exec {
  readonly code: number | null;
  readonly output: string;
}

function run(file: string, args: readonly string[], env: Record<string, string> = {}) {
  return new Promise<Exec>((resolve) => {
    let output = '';
    const child = spawn(file, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const take = (chunk: Buffer) => (output += chunk.toString('utf8'));
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('error', (error) => resolve({ code: null, output: `${output}${error.message}` }));
    child.once('close', (code) => resolve({ code, output }));
  });
}

/**
 * Starts HAProxy in front of `backends` and resolves once its port accepts connections, at least
 * one backend passed a health check and every backend was checked once (so `backendStates()`
 * tells the truth from the start: a backend not checked yet would still get traffic); rejects with HAProxy's output otherwise (an invalid
 * config, a port taken, no backend UP within 15 s), leaving no process behind.
 */
export async function startLoadBalancer(options: LoadBalancerOptions): Promise<LoadBalancer> {
  const log = options.log ?? (() => {});
  const healthPath = options.healthPath ?? '/api/health';
  if (options.backends.length === 0) throw new Error('startLoadBalancer needs a backend');
  const names = new Set<string>();
  for (const { name } of options.backends) {
    if (!SERVER_NAME.test(name) || names.has(name))
      throw new Error(`Backend name ${JSON.stringify(name)} is invalid or repeated`);
    names.add(name);
  }
  if (!/^\/\S*$/.test(healthPath))
    throw new Error(`healthPath must be a path without spaces: ${JSON.stringify(healthPath)}`);

  const haproxy = await ensureHaproxy(log);
  await mkdir(options.dir, { recursive: true });
  const socketPath = join(options.dir, 'haproxy.sock');
  if (Buffer.byteLength(socketPath) > UNIX_PATH_MAX)
    throw new Error(`The stats socket's path is too long for a unix socket: ${socketPath}`);
  const cfgPath = join(options.dir, 'haproxy.cfg');
  const port = await freePort();
  const maxconn = await maxConnections();
  const servers = options.backends.map(
    ({ name, port: backendPort }) =>
      `  server ${name} 127.0.0.1:${backendPort} check inter 500ms fall 2 rise 2`,
  );
  const cfg = [
    '# Written by apps/server/reliability/support/load-balancer.ts',
    'global',
    `  maxconn ${maxconn}`,
    `  stats socket ${socketPath} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    `  maxconn ${maxconn}`,
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 3',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout tunnel 1h',
    '  timeout client-fin 5s',
    '  timeout server-fin 5s',
    '',
    `frontend ${FRONTEND}`,
    `  bind 127.0.0.1:${port}`,
    `  default_backend ${BACKEND}`,
    '',
    `backend ${BACKEND}`,
    '  balance roundrobin',
    `  option httpchk GET ${healthPath}`,
    '  http-check expect status 200',
    // Which instance answered: the scale suite tells cross-instance reads and pushes by it.
    '  http-response set-header X-Served-By %s',
    ...servers,
    '',
  ].join('\n');
  await writeFile(cfgPath, cfg);

  const check = await run(haproxy, ['-c', '-f', cfgPath]);
  if (check.code !== 0)
    throw new Error(`HAProxy rejected ${cfgPath}:\n${check.output}\nThe config:\n${cfg}`);

  const child = spawn(haproxy, ['-db', '-f', cfgPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Should the test process end without stop(), HAProxy goes with it.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  let text = '';
  let partial = '';
  const file = createWriteStream(join(options.dir, 'haproxy.log'), { flags: 'a' });
  const take = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    file.write(chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) log(`haproxy: ${line}`);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  let running = true;
  const finish = () => {
    if (!running) return;
    running = false;
    process.off('exit', reap);
    file.end();
  };
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      finish();
      resolve();
    });
    child.once('error', (error) => {
      text += `${error.message}\n`;
      if (child.pid === undefined) {
        finish();
        resolve();
      }
    });
  });

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
  };
  const backendStates = () => readStates(socketPath);

  try {
    await waitUntilReady(port, backendStates, () => running, READY_TIMEOUT_MS);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`HAProxy did not become ready: ${why}. Its output:\n${text}`);
  }
  log(`HAProxy ${child.pid ?? 0} on 127.0.0.1:${port} in front of ${[...names].join(', ')}`);
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop,
    backendStates,
    output: () => text,
  };
}

/** As many connections as the descriptor limit lets HAProxy hold, up to 20 000. */
async function maxConnections(): Promise<number> {
  const limits = await readFile('/proc/self/limits', 'utf8').catch(() => '');
  // HAProxy raises its soft limit up to the hard one itself; children inherit both.
  const hard = /^Max open files\s+\S+\s+(\S+)/m.exec(limits)?.[1];
  const descriptors = hard === undefined || hard === 'unlimited' ? Infinity : Number(hard);
  return Math.max(100, Math.min(MAX_CONNECTIONS, Math.floor((descriptors - FD_RESERVE) / 2)));
}

async function waitUntilReady(
  port: number,
  states: () => Promise<Record<string, string>>,
  running: () => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = 'nothing yet';
  for (;;) {
    if (!running()) throw new Error('HAProxy exited');
    if (await accepts(port)) {
      try {
        const current = await states();
        const all = Object.values(current);
        if (all.includes('UP') && !all.includes('INI')) return;
        last = `backends ${JSON.stringify(current)}`;
      } catch (error) {
        last = `stats socket: ${error instanceof Error ? error.message : String(error)}`;
      }
    } else last = `port ${port} refuses connections`;
    if (performance.now() > deadline) throw new Error(`not ready in ${timeoutMs} ms (${last})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.setTimeout(1_000);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * `show stat` over the stats socket: a CSV whose header line (`# pxname,svname,…`) names the
 * columns. A server whose first check has not completed is reported as `INI`, not as HAProxy's
 * optimistic initial `UP 1/2`, so `UP` always means a health check passed.
 */
function readStates(socketPath: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let csv = '';
    const socket = connect({ path: socketPath });
    socket.setTimeout(2_000);
    socket.on('data', (chunk: Buffer) => (csv += chunk.toString('utf8')));
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error('the stats socket did not answer in 2 s'));
    });
    socket.once('error', reject);
    socket.once('end', () => {
      try {
        resolve(parseStates(csv));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.write('show stat\n');
  });
}

function parseStates(csv: string): Record<string, string> {
  const [header, ...rows] = csv.split('\n');
  const columns = (header ?? '').replace(/^#\s*/, '').split(',');
  const pxname = columns.indexOf('pxname');
  const svname = columns.indexOf('svname');
  const status = columns.indexOf('status');
  const checkStatus = columns.indexOf('check_status');
  if (pxname < 0 || svname < 0 || status < 0)
    throw new Error(`unexpected answer to show stat: ${csv.slice(0, 300)}`);
  const states: Record<string, string> = {};
  for (const row of rows) {
    const fields = row.split(',');
    const name = fields[svname];
    if (fields[pxname] !== BACKEND || !name || name === 'BACKEND' || name === 'FRONTEND') continue;
    // `* ` marks a check in progress: `* INI` is the first one, not done yet.
    const last = (fields[checkStatus] ?? '').replace(/^\*\s*/, '');
    const checked = checkStatus < 0 || !last.startsWith('INI');
    states[name] = checked ? (fields[status] ?? '') : 'INI';
  }
  return states;
}
