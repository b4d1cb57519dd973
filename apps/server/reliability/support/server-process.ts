import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/db/launcher.js';

/**
 * The real server as a user runs it (`node apps/server/dist/main.js`, built by the reliability
 * runner), for the crash suite: its own DATA_DIR with the embedded PostgreSQL at full
 * durability (never the fsync=off test cluster), or DATABASE_URL when given. It can be killed
 * with any signal, its postmaster too, and started again on the same port and data.
 */

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const READY = /Backlay is up on /;
const POSTGRES = /PostgreSQL started on 127\.0\.0\.1:(\d+) \(pid (\d+)/;
/** What node prints on stderr when `--inspect` opened the inspector. */
const INSPECTOR = /Debugger listening on (ws:\/\/\S+)/;

/** The operator token every started server accepts (OPS_TOKEN). */
export const SERVER_OPS_TOKEN = 'reliability-ops-token-0123456789abcdef';

export interface ServerOptions {
  /** The server's DATA_DIR: the embedded cluster lives in it and survives restarts. */
  readonly dataDir: string;
  /** The HTTP port; a free one when absent. Pass the previous one to restart in place. */
  readonly port?: number;
  /** More settings (FEED, FEED_STALE_S, DATABASE_URL, …); they win over the defaults. */
  readonly env?: Readonly<Record<string, string>>;
  /** How long to wait for "Backlay is up"; 120 s by default (crash recovery included). */
  readonly readyTimeoutMs?: number;
  /** Pins the server (and the PostgreSQL it starts) to these cores with taskset (benchmarks). */
  readonly cpus?: string;
  /** Options for node itself, e.g. `--cpu-prof` (benchmarks profile with it). */
  readonly nodeArgs?: readonly string[];
  /**
   * Opens the V8 inspector on a free loopback port (`--inspect=127.0.0.1:0`), so a memory proof
   * can force a garbage collection and read the server's heap from outside, with no test hook in
   * the product; its address is {@link ServerProcess.inspector}. Close every inspector session
   * before `stop`: node may wait for a debugger still attached at exit.
   */
  readonly inspect?: boolean;
}

export interface ServerProcess {
  readonly pid: number;
  readonly port: number;
  /** http://127.0.0.1:{port} */
  readonly base: string;
  /** The embedded postmaster's pid and port; undefined with DATABASE_URL. */
  readonly postmaster: { readonly pid: number; readonly port: number } | undefined;
  /** The database the server uses (the embedded one with its password, or DATABASE_URL). */
  readonly databaseUrl: string;
  /** Milliseconds from spawn to "Backlay is up". */
  readonly startMs: number;
  /** The inspector's WebSocket address (ws://127.0.0.1:…/…) when started with `inspect`. */
  readonly inspector: string | undefined;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process printed so far. */
  output(): string;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then waits for the exit; SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the built server and resolves once it listens; rejects with its output if it fails. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  if (!existsSync(MAIN))
    throw new Error(`${MAIN} is missing: run \`node scripts/build.mjs --server-only\` first`);
  await mkdir(options.dataDir, { recursive: true });
  // mkdtemp makes 0700 directories; the unprivileged PostgreSQL user must reach the cluster.
  await chmod(options.dataDir, 0o755);
  const port = options.port ?? (await freePort());
  const started = performance.now();
  const command = [
    ...(options.inspect ? ['--inspect=127.0.0.1:0'] : []),
    ...(options.nodeArgs ?? []),
    MAIN,
  ];
  const [file, ...args] = options.cpus
    ? ['taskset', '-c', options.cpus, process.execPath, ...command]
    : [process.execPath, ...command];
  const child: ChildProcess = spawn(file ?? process.execPath, args, {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      TV_PORT: '0',
      CASINO_PORT: '0',
      SEED_DEMO: '1',
      OPS_TOKEN: SERVER_OPS_TOKEN,
      HUB_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      // The load comes from one address, far faster than a person.
      RATE_LIMIT_PER_MIN: '100000000',
      LOGIN_ADDRESS_LIMIT: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const log = createWriteStream(join(options.dataDir, 'server.log'), { flags: 'a' });
  const take = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    log.write(chunk);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      log.end();
      resolve({ code, signal });
    });
  });

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start in time. Its output:\n${text}`));
    }, options.readyTimeoutMs ?? 120_000);
    const check = () => {
      if (READY.test(text)) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(`The server exited (${signal ?? code}) before it was up. Its output:\n${text}`),
      );
    });
  });
  const startMs = performance.now() - started;

  const postgresLine = [...text.matchAll(new RegExp(POSTGRES, 'g'))].at(-1);
  const postmaster = postgresLine
    ? { port: Number(postgresLine[1]), pid: Number(postgresLine[2]) }
    : undefined;
  let databaseUrl = options.env?.DATABASE_URL ?? '';
  if (postmaster) {
    const password = (await readFile(join(options.dataDir, 'pg-password'), 'utf8')).trim();
    databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${postmaster.port}/backlay`;
  }
  // Printed before the server starts, so it is in the output by the time the server is up.
  const inspector = options.inspect ? INSPECTOR.exec(text)?.[1] : undefined;
  if (options.inspect && !inspector) {
    child.kill('SIGKILL');
    throw new Error(`The server's inspector did not open. Its output:\n${text}`);
  }
  const pid = child.pid ?? 0;
  return {
    pid,
    port,
    base: `http://127.0.0.1:${port}`,
    postmaster,
    databaseUrl,
    startMs,
    inspector,
    exited,
    output: () => text,
    kill: (signal) => {
      child.kill(signal);
    },
    async stop(timeoutMs = 60_000) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Kills the postmaster (SIGKILL): PostgreSQL's own crash, recovered from WAL at the next start. */
export function killPostmaster(server: ServerProcess): void {
  if (!server.postmaster)
    throw new Error('The server runs on DATABASE_URL: no postmaster of its own');
  try {
    process.kill(server.postmaster.pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
