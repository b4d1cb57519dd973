import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The first executable `name` in the directories of `path` (PATH by default), or undefined. */
export function findOnPath(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there, or not executable: the next directory
    }
  }
  return undefined;
}

/**
 * Where the Redis tests find a Redis: the server of REDIS_URL; else a redis-server of their own
 * (startRedisServer), when the binary is on PATH; else nowhere, and `missing` says why.
 */
export type TestRedis =
  { readonly url: string } | { readonly binary: string } | { readonly missing: string };

export function testRedis(): TestRedis {
  const url = process.env.REDIS_URL;
  if (url) return { url };
  const binary = findOnPath('redis-server');
  if (binary) return { binary };
  return { missing: 'no REDIS_URL and no redis-server on PATH' };
}

/** True when the Redis at 127.0.0.1:`port` answers PING with PONG within a second. */
export function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data: Buffer) => {
      answer += data.toString();
      // A starting Redis may answer -LOADING first; only +PONG means ready.
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.on('error', () => done(false));
  });
}

/** A port nobody listens on at this moment (the OS's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningRedis {
  readonly url: string;
  readonly port: number;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/**
 * A throwaway redis-server for one test file, as test/global-setup.ts starts PostgreSQL: on a free
 * port of 127.0.0.1, in a temp directory, with no persistence (nothing is ever written to disk),
 * ready once it answers PING.
 */
export async function startRedisServer(
  binary: string,
  options: { timeoutMs?: number } = {},
): Promise<RunningRedis> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const dir = await mkdtemp(join(tmpdir(), 'backlay-redis-'));
  const port = await freePort();
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Its log, to explain a server that will not start.
  let output = '';
  const keep = (data: Buffer) => void (output = (output + data.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    });
    child.once('error', (error) => {
      exit = error.message;
      resolve();
    });
  });
  // A worker that dies without its afterAll must not leave the server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (exit === undefined) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (!(await ping(port))) {
    if (exit !== undefined || Date.now() > deadline) {
      const why =
        exit !== undefined ? `exited (${exit})` : `did not answer PING in ${timeoutMs} ms`;
      await stop();
      throw new Error(`${binary} on port ${port} ${why}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}
