import { spawn } from 'node:child_process';
import {
  appendFile,
  chmod,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultBinDir,
  freePort,
  resolveRunAs,
  startCluster,
  type RunningCluster,
} from './launcher.js';

// These duties are about running as root (as this machine and CI do): PostgreSQL refuses root.
let root: string;
beforeAll(async () => {
  expect(process.getuid?.(), 'the launcher tests run as root, like CI').toBe(0);
  root = await mkdtemp(join(tmpdir(), 'backlay-launcher-'));
  await chmod(root, 0o755);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function selectOne(cluster: RunningCluster): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  const result = await client.query<{ one: number }>('SELECT 1 AS one');
  await client.end();
  return result.rows[0]?.one ?? 0;
}

function processUid(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((status) =>
    Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]),
  );
}

/** Running, not merely a zombie waiting for a parent that never reaps (pid 1 in a container). */
async function isAlive(pid: number): Promise<boolean> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return !/^State:\s+Z/m.test(status);
  } catch {
    return false;
  }
}

describe('embedded PostgreSQL launcher', () => {
  let cluster: RunningCluster;
  let dataDir: string;

  it('runs PostgreSQL as an unprivileged user when started by root', async () => {
    dataDir = join(root, 'main');
    cluster = await startCluster({ dataDir, fsyncOff: true });
    const user = resolveRunAs(undefined);
    expect(user).toBeDefined();
    expect(user?.uid).not.toBe(0);
    expect(await processUid(cluster.pid)).toBe(user?.uid);
    expect((await stat(cluster.dataDir)).uid).toBe(user?.uid);
    expect(await selectOne(cluster)).toBe(1);
  });

  it('keeps its password readable by its owner only', async () => {
    expect((await stat(join(dataDir, 'pg-password'))).mode & 0o777).toBe(0o600);
  });

  it('starts on a free port rather than the usual 5432, which this machine already uses', () => {
    expect(cluster.port).not.toBe(5432);
    expect(cluster.adminUrl).toContain(`127.0.0.1:${cluster.port}/`);
  });

  it('stops a postmaster left running by a crash and starts again on the same data', async () => {
    // A second start without a stop is what the next `npm start` sees after a kill -9.
    const leftover = cluster.pid;
    cluster = await startCluster({ dataDir, fsyncOff: true });
    expect(cluster.pid).not.toBe(leftover);
    expect(await isAlive(leftover)).toBe(false);
    expect(await selectOne(cluster)).toBe(1);
  });

  it('starts again right after its postmaster was killed, waiting for it to be reaped', async () => {
    // A kill -9 of PostgreSQL itself: until pid 1 reaps it, its pid still "runs" (a zombie).
    const killed = cluster.pid;
    process.kill(killed, 'SIGKILL');
    cluster = await startCluster({ dataDir, fsyncOff: true });
    expect(cluster.pid).not.toBe(killed);
    expect(await selectOne(cluster)).toBe(1);
  });

  it('refuses a data directory that another live server is using', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await writeFile(join(dataDir, 'server.pid'), `${other.pid}\n`);
      await expect(startCluster({ dataDir })).rejects.toThrow(
        `Another Backlay server (pid ${other.pid}) is using ${dataDir}`,
      );
    } finally {
      other.kill();
      await writeFile(join(dataDir, 'server.pid'), `${process.pid}\n`);
    }
  });

  it('stops when asked', async () => {
    await cluster.stop();
    expect(await isAlive(cluster.pid)).toBe(false);
  });

  it('names the data directory when the unprivileged user cannot reach it', async () => {
    const hidden = join(root, 'private');
    await mkdir(hidden, { mode: 0o700 });
    const unreachable = join(hidden, 'data');
    await expect(startCluster({ dataDir: unreachable })).rejects.toThrow(
      `cannot reach the data directory ${unreachable}/pg`,
    );
  });

  it('names the binaries when the unprivileged user cannot run them', async () => {
    const hidden = join(root, 'hidden-bin');
    await mkdir(join(hidden, 'bin'), { recursive: true });
    await chmod(hidden, 0o700);
    for (const bin of ['initdb', 'pg_ctl', 'postgres']) {
      await symlink(join(defaultBinDir(), bin), join(hidden, 'bin', bin));
    }
    await expect(
      startCluster({ dataDir: join(root, 'bins'), binDir: join(hidden, 'bin') }),
    ).rejects.toThrow(`cannot run the PostgreSQL binaries in ${join(hidden, 'bin')}`);
  });

  it('reports a failed start with the lines of the PostgreSQL log that explain it', async () => {
    const broken = join(root, 'broken');
    const first = await startCluster({ dataDir: broken, fsyncOff: true });
    await first.stop();
    await appendFile(join(broken, 'pg', 'postgresql.conf'), '\nbogus_setting = on\n');
    await expect(startCluster({ dataDir: broken })).rejects.toThrow(
      /PostgreSQL did not start\.[\s\S]*unrecognized configuration parameter "bogus_setting"/,
    );
  });
});

describe('a free port', () => {
  it('is never one the server is about to listen on, even when the OS offers it again', async () => {
    const offered = [8080, 8080, 8082, 41605];
    const probe = async () => offered.shift() ?? 0;
    expect(await freePort([8080, 8082], probe)).toBe(41605);
  });
});
