import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  startServer,
  type ServerProcess,
} from '../../apps/server/reliability/support/server-process.js';
import { describeHotspots, hotspots } from '../lib/profile.js';
import {
  alternate,
  LOAD_CPUS,
  median,
  note,
  pinned,
  ratio,
  report,
  RUNS,
  SERVER_CPUS,
} from '../lib/results.js';

/**
 * API reads (bench/README.md): the reads the event screen and the market lists make, under
 * autocannon, beside bare node:http answering the same bytes. The product's req/s over the
 * baseline's is the figure (goal ≥ 0.7); p99 latency informs.
 */

const BENCH = 'api-reads';
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const FIXTURE = here('./fixture.json');
const BASELINE = here('./baseline-server.mjs');
const AUTOCANNON = fileURLToPath(
  new URL('../../node_modules/autocannon/autocannon.js', import.meta.url),
);

/** The fixture's event (bench/api-reads/fixture.json): match odds, bookmaker and six fancy rows. */
const EVENT_ID = 7000001;
const ENDPOINTS = [
  {
    name: 'event detail',
    url: `/api/MarketModels/GetEventDetail?eventId=${EVENT_ID}`,
  },
  {
    name: 'rates',
    url: `/api/MarketModels/GetRates?marketids=1.${EVENT_ID},${EVENT_ID}B`,
  },
  {
    name: 'bookmaker and fancy',
    url: `/api/Odds/BmFancy/${EVENT_ID}`,
  },
] as const;

/**
 * Ten connections, one request each in flight: the server core always has requests waiting, so
 * req/s is its capacity, and p99 includes the same queueing on both sides. Against the bare
 * baseline the one load core runs near 100 % too: its figure is then bounded by autocannon as
 * much as by node:http, which errs in the product's favour (the notes give both cores' load).
 */
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 3);
const WARMUP_SECONDS = 1;
/** The profiled run per missed read: 2 s of samples at 1 ms, less 0.3 s at each end. */
const PROFILE_SECONDS = 2;

/** Headers that describe the transfer, not the answer: node:http writes its own. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Captured {
  readonly url: string;
  readonly status: number;
  readonly headers: [string, string][];
  /** base64 of the exact body bytes. */
  readonly body: string;
}

/** One GET, raw: the status, the headers as sent (names in wire order) and the body bytes. */
function rawGet(base: string, url: string, token: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: [string, string][] = [];
        const raw = response.rawHeaders;
        for (let i = 0; i + 1 < raw.length; i += 2) {
          const name = raw[i]!;
          if (!TRANSPORT.has(name.toLowerCase())) headers.push([name, raw[i + 1]!]);
        }
        resolve({
          url,
          status: response.statusCode ?? 0,
          headers,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Load {
  readonly reqPerS: number;
  readonly p99Ms: number;
  readonly bytesPerResponse: number;
  readonly bad: number;
  /** Busy share of the server's and the load generator's cores during the run, 0…1. */
  readonly serverBusy: number;
  readonly loadBusy: number;
}

/** Busy and total jiffies of the given cores (/proc/stat). */
function cpuTimes(cpus: string): { busy: number; total: number } {
  const wanted = new Set(cpus.split(',').map((cpu) => `cpu${cpu.trim()}`));
  let busy = 0;
  let total = 0;
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const [name, ...fields] = line.split(/\s+/);
    if (!name || !wanted.has(name)) continue;
    const values = fields.map(Number);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const sum = values.slice(0, 8).reduce((a, b) => a + b, 0);
    busy += sum - idle;
    total += sum;
  }
  return { busy, total };
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p99: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** autocannon's CLI, pinned to the load generator's core, against one URL. */
async function autocannon(url: string, token: string, seconds: number): Promise<Load> {
  const [command, ...args] = pinned(LOAD_CPUS, process.execPath, [
    AUTOCANNON,
    '--connections',
    String(CONNECTIONS),
    '--duration',
    String(seconds),
    '--json',
    '--headers',
    `authorization=Bearer ${token}`,
    url,
  ]);
  const serverBefore = cpuTimes(SERVER_CPUS);
  const loadBefore = cpuTimes(LOAD_CPUS);
  const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const serverAfter = cpuTimes(SERVER_CPUS);
  const loadAfter = cpuTimes(LOAD_CPUS);
  if (code !== 0) throw new Error(`autocannon exited ${code}: ${stderr}`);
  const result = JSON.parse(stdout) as AutocannonJson;
  const share = (before: typeof serverBefore, after: typeof serverBefore) =>
    after.total === before.total ? 0 : (after.busy - before.busy) / (after.total - before.total);
  return {
    reqPerS: result.requests.average,
    p99Ms: result.latency.p99,
    bytesPerResponse:
      result.requests.total === 0 ? 0 : result.throughput.total / result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
    serverBusy: share(serverBefore, serverAfter),
    loadBusy: share(loadBefore, loadAfter),
  };
}

/** The bare baseline, pinned like the product; resolves once it listens. */
async function startBaseline(capturedFile: string): Promise<{ base: string; child: ChildProcess }> {
  const [command, ...args] = pinned(SERVER_CPUS, process.execPath, [BASELINE, capturedFile]);
  const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /listening on (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`The baseline exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** CPU time (clock ticks) of the server's node process and of its PostgreSQL's processes. */
async function processTimes(server: ServerProcess): Promise<{ node: number; postgres: number }> {
  const postmaster = server.postmaster?.pid;
  let node = 0;
  let postgres = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid … utime stime: fields after the command's closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]);
    const pid = Number(entry);
    if (pid === server.pid) node += ticks;
    else if (pid === postmaster || ppid === postmaster) postgres += ticks;
  }
  return { node, postgres };
}

type CpuProfile = Parameters<typeof hotspots>[0] & {
  readonly nodes: readonly { readonly id: number; readonly children?: readonly number[] }[];
  readonly timeDeltas: readonly number[];
};

/** The server's one CPU profile (node --cpu-prof writes it at a clean exit). */
async function readProfile(dir: string): Promise<CpuProfile> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.cpuprofile'));
  expect(files, 'one CPU profile of the server').toHaveLength(1);
  return JSON.parse(await readFile(join(dir, files[0]!), 'utf8')) as CpuProfile;
}

/** The samples taken from `fromMs` to `toMs` after the profile started. */
function sliceProfile(profile: CpuProfile, fromMs: number, toMs: number): CpuProfile {
  const samples: number[] = [];
  let at = 0;
  for (const [index, id] of profile.samples.entries()) {
    at += (profile.timeDeltas[index] ?? 0) / 1000;
    if (at >= fromMs && at <= toMs) samples.push(id);
  }
  return { ...profile, samples };
}

/** Who a frame belongs to: a package by name, a module of ours, or null (node, V8, native). */
function ownerOf(url: string): string | null {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? url);
  }
  const ours = /\/(apps\/server\/(?:src|dist)\/(?:modules\/)?[^/.]+|packages\/\w+)/.exec(url);
  return ours ? ours[1]! : null;
}

/**
 * node's busy samples by the innermost package or module of ours on their stack: native and
 * node-internal time (a socket write, a parse) counts for the code that asked for it.
 */
function byOwner(profile: CpuProfile): { owners: Map<string, number>; busy: number } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const owners = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const name = nodes.get(id)?.callFrame.functionName;
    if (name === '(idle)') continue;
    busy += 1;
    let owner: string | null = name === '(garbage collector)' ? 'garbage collector' : null;
    for (
      let at: number | undefined = id;
      owner === null && at !== undefined;
      at = parents.get(at)
    ) {
      owner = ownerOf(nodes.get(at)?.callFrame.url ?? '');
    }
    owner ??= 'node itself (no package on the stack)';
    owners.set(owner, (owners.get(owner) ?? 0) + 1);
  }
  return { owners, busy };
}

/**
 * One line: the server core's CPU split between node and PostgreSQL, node's busy time by the
 * innermost owner on the stack, and the top functions by self time.
 */
function whatDominates(window: { node: number; pg: number }, slice: CpuProfile): string {
  const cpu = window.node + window.pg || 1;
  const { owners, busy } = byOwner(slice);
  const percent = (count: number) => round1((count / (busy || 1)) * 100);
  const topOwners = [...owners.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([owner, count]) => `${percent(count)} % ${owner}`)
    .join(' · ');
  const spots = hotspots(slice, 100_000).filter((spot) => spot.name !== '(idle)');
  const busyShare = spots.reduce((total, spot) => total + spot.selfPercent, 0) || 1;
  const top = spots
    .slice(0, 5)
    .map((spot) => ({ ...spot, selfPercent: round1((spot.selfPercent / busyShare) * 100) }));
  return (
    `server core CPU ${Math.round((window.node / cpu) * 100)} % node, ` +
    `${Math.round((window.pg / cpu) * 100)} % PostgreSQL (/proc); node's busy samples by the ` +
    `innermost package on the stack: ${topOwners}; top self time: ${describeHotspots(top)}`
  );
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function logIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/Authenticate/ValidLogin?ipAddress=`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo1', password: 'Backlay@2026', LatLong: '19.07,72.87' }),
  });
  const body = (await response.json()) as { Status: boolean; data?: { Token: string } };
  if (!body.Status || !body.data) throw new Error(`Login failed: ${JSON.stringify(body)}`);
  return body.data.Token;
}

/** Waits until the fixture's prices are in the books (the scripted feed plays them at start). */
async function waitForPrices(base: string, token: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const answer = await rawGet(base, ENDPOINTS[2].url, token);
    const text = Buffer.from(answer.body, 'base64').toString('utf8');
    if (answer.status === 200 && text.includes(`${EVENT_ID}-6`)) return;
    if (performance.now() > deadline) throw new Error(`No fixture prices: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startProduct(dataDir: string, nodeArgs: string[] = []): Promise<ServerProcess> {
  return startServer({
    dataDir,
    cpus: SERVER_CPUS,
    nodeArgs,
    env: { FEED: 'scripted', FEED_FIXTURE: FIXTURE },
  });
}

describe('api-reads', () => {
  it('serves event detail and rates beside bare node:http answering the same bytes', async () => {
    const work = await mkdtemp(join(tmpdir(), 'bench-api-reads-'));
    // The embedded PostgreSQL runs as another user: it must reach DATA_DIR through this directory.
    await chmod(work, 0o755);
    let product: ServerProcess | undefined;
    let baseline: ChildProcess | undefined;
    try {
      product = await startProduct(join(work, 'data'));
      const token = await logIn(product.base);
      await waitForPrices(product.base, token);

      // The product's exact answers, once; the same read twice must give the same bytes.
      const captured: Captured[] = [];
      for (const endpoint of ENDPOINTS) {
        const first = await rawGet(product.base, endpoint.url, token);
        const second = await rawGet(product.base, endpoint.url, token);
        expect(first.status, endpoint.url).toBe(200);
        expect(second.body, `${endpoint.url} answers the same bytes twice`).toBe(first.body);
        captured.push(first);
      }
      const capturedFile = join(work, 'captured.json');
      await writeFile(capturedFile, JSON.stringify(captured));
      const bare = await startBaseline(capturedFile);
      baseline = bare.child;
      const productBase = product.base;

      const missed: { name: string; url: string }[] = [];
      for (const endpoint of ENDPOINTS) {
        const productUrl = `${productBase}${endpoint.url}`;
        const baselineUrl = `${bare.base}${endpoint.url}`;
        // Warm both (JIT, connection pools) before the measured runs.
        await autocannon(productUrl, token, WARMUP_SECONDS);
        await autocannon(baselineUrl, token, WARMUP_SECONDS);
        const runs = await alternate(
          RUNS,
          () => autocannon(productUrl, token, SECONDS),
          () => autocannon(baselineUrl, token, SECONDS),
        );
        for (const load of [...runs.product, ...runs.baseline]) {
          expect(load.bad, `${endpoint.name}: non-2xx, errors or timeouts`).toBe(0);
          expect(load.reqPerS).toBeGreaterThan(0);
        }
        // The same bytes on the wire, up to Date's width: the baseline answers what we captured.
        const productBytes = median(runs.product.map((load) => load.bytesPerResponse));
        const baselineBytes = median(runs.baseline.map((load) => load.bytesPerResponse));
        expect(Math.abs(productBytes - baselineBytes)).toBeLessThan(16);

        const reqPerS = median(runs.product.map((load) => load.reqPerS));
        const baseReqPerS = median(runs.baseline.map((load) => load.reqPerS));
        const reqRatio = ratio(reqPerS, baseReqPerS);
        report({
          bench: BENCH,
          figure: `${endpoint.name} req/s, ${CONNECTIONS} connections`,
          value: Math.round(reqPerS),
          unit: 'req/s',
          baseline: { name: 'bare node:http, same bytes', value: Math.round(baseReqPerS) },
          ratio: reqRatio,
          goal: '≥ 0.7',
          met: reqRatio >= 0.7,
        });
        const p99 = median(runs.product.map((load) => load.p99Ms));
        const baseP99 = median(runs.baseline.map((load) => load.p99Ms));
        report({
          bench: BENCH,
          figure: `${endpoint.name} p99 latency, ${CONNECTIONS} connections`,
          value: p99,
          unit: 'ms',
          baseline: { name: 'bare node:http, same bytes', value: baseP99 },
          ratio: ratio(p99, baseP99),
        });
        const busy = (loads: readonly Load[], pick: (load: Load) => number) =>
          Math.round(median(loads.map(pick)) * 100);
        note({
          bench: BENCH,
          note:
            `${endpoint.name} (\`GET ${endpoint.url.replaceAll(String(EVENT_ID), '<eventId>')}\`, ` +
            `${Math.round(productBytes)} bytes a response): server core busy ` +
            `${busy(runs.product, (l) => l.serverBusy)} % (product) / ${busy(runs.baseline, (l) => l.serverBusy)} % (baseline), ` +
            `load core ${busy(runs.product, (l) => l.loadBusy)} % / ${busy(runs.baseline, (l) => l.loadBusy)} %.`,
        });
        if (reqRatio < 0.7) missed.push(endpoint);
      }

      await stopChild(bare.child);
      baseline = undefined;
      await product.stop();
      product = undefined;

      note({
        bench: BENCH,
        note:
          `Method: autocannon ${CONNECTIONS} connections × ${SECONDS} s per run (1 s warm-up first), ` +
          `${RUNS} alternating runs, medians; a demo client's bearer token on every request; the ` +
          'baseline answers the captured status, body and headers (Date, Connection, Keep-Alive by node).',
      });

      if (missed.length > 0) {
        // What dominates, from a profile of the product under the same load (a separate run: the
        // profiler's own cost stays out of the figures above).
        const profileDir = join(work, 'profile');
        product = await startProduct(join(work, 'data'), [
          '--cpu-prof',
          `--cpu-prof-dir=${profileDir}`,
        ]);
        // The profile's clock starts with the process: its spawn, as seen from here.
        const spawnedAt = performance.now() - product.startMs;
        const profileToken = await logIn(product.base);
        const windows: { endpoint: string; from: number; to: number; node: number; pg: number }[] =
          [];
        for (const endpoint of missed) {
          const before = await processTimes(product);
          const from = performance.now() - spawnedAt;
          await autocannon(`${product.base}${endpoint.url}`, profileToken, PROFILE_SECONDS);
          const to = performance.now() - spawnedAt;
          const after = await processTimes(product);
          windows.push({
            endpoint: endpoint.name,
            from,
            to,
            node: after.node - before.node,
            pg: after.postgres - before.postgres,
          });
        }
        await product.stop();
        product = undefined;
        const profile = await readProfile(profileDir);
        for (const window of windows) {
          // The load's middle only: a little of the ramp at each end stays out.
          const slice = sliceProfile(profile, window.from + 300, window.to - 300);
          note({
            bench: BENCH,
            note: `${window.endpoint}, profiled under the same load: ${whatDominates(window, slice)}`,
          });
        }
      }
    } finally {
      if (baseline) await stopChild(baseline);
      if (product) await product.stop();
      await rm(work, { recursive: true, force: true });
    }
  });
});
