import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  SERVER_OPS_TOKEN,
  startServer,
  type ServerProcess,
} from '../../apps/server/reliability/support/server-process.js';
import { describeHotspots, hotspots, type Hotspot } from '../lib/profile.js';
import {
  alternate,
  LOAD_CPUS,
  median,
  note,
  ratio,
  report,
  RUNS,
  SERVER_CPUS,
} from '../lib/results.js';
import {
  betWindow,
  EVENTS,
  FANCIES,
  FIRST_EVENT,
  fixture,
  KINDS,
  lane,
  MIX,
  openClients,
  pathOf,
  placeBet,
  readDrafts,
  type Drafts,
  type Window,
} from './load.js';
import {
  clusterCpuSeconds,
  cpuSeconds,
  loggedBets,
  pgbenchBinary,
  runPgbench,
  scriptStatements,
} from './pgbench.js';

/**
 * Bets (bench/README.md): K keep-alive HTTP clients placing a mix of match odds, bookmaker and
 * fancy bets back to back through the real server on its embedded PostgreSQL, beside pgbench
 * running the SQL of the same bets (bet.sql) with the server's pool size of connections on the
 * same PostgreSQL while the server idles, and pgbench's standard TPC-B-like run for reference.
 */

const BENCH = 'bets';
/**
 * K: the server's pool (apps/server/src/db/pool.ts, max 10) plus 6, so that every connection has
 * its next bet waiting the moment it is free; more clients only queue longer inside the server.
 */
const LANES = 16;
/** The server's pool size: pgbench runs with as many connections. */
const POOL = 10;
/**
 * Bettors: 80 for the API (5 per HTTP client) and 80 more for pgbench (8 per connection), each
 * used by one connection at a time. pgbench's stand-in figures never touch the API's wallets.
 */
const CLIENTS = 80;
const WARM_MS = 2000;
const WINDOW_S = 12;
const TPCB_S = 8;
/** The profiled window, when a goal is missed. */
const PROFILE_S = 8;
const TPCB_SCALE = 10;
const SCRIPT = fileURLToPath(new URL('./bet.sql', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (value: number) => Math.round(value * 10) / 10;

interface ProductRun extends Window {
  /** Shares of one core over the window, in per cent. */
  readonly nodeCpu: number;
  /** Of which in the kernel. */
  readonly nodeSystemCpu: number;
  readonly postgresCpu: number;
  /** CPU per accepted bet, ms. */
  readonly nodeMsPerBet: number;
  readonly postgresMsPerBet: number;
  /** The window on the monotonic clock of V8's profiles, µs. */
  readonly fromUs: number;
  readonly toUs: number;
}

/** A window of API bets, with the CPU the server (node) and PostgreSQL spent in it. */
async function productWindow(
  server: ServerProcess,
  tokens: readonly string[],
  drafts: Drafts,
  windowS = WINDOW_S,
): Promise<ProductRun> {
  const postmaster = server.postmaster?.pid ?? 0;
  const cpu = { node: 0, nodeSystem: 0, postgres: 0 };
  const edges: Promise<void>[] = [];
  const clock = { fromUs: 0, toUs: 0 };
  const window = await betWindow({
    base: server.base,
    tokens,
    lanes: LANES,
    drafts,
    warmMs: WARM_MS,
    windowMs: windowS * 1000,
    onWindow: (edge) => {
      clock[edge === 'start' ? 'fromUs' : 'toUs'] = Number(process.hrtime.bigint() / 1000n);
      const sign = edge === 'start' ? -1 : 1;
      edges.push(
        (async () => {
          const node = await cpuSeconds(server.pid);
          cpu.node += sign * (node.user + node.system);
          cpu.nodeSystem += sign * node.system;
          cpu.postgres += sign * (await clusterCpuSeconds(postmaster));
        })(),
      );
    },
  });
  await Promise.all(edges);
  return {
    ...window,
    nodeCpu: round1((cpu.node / windowS) * 100),
    nodeSystemCpu: round1((cpu.nodeSystem / windowS) * 100),
    postgresCpu: round1((cpu.postgres / windowS) * 100),
    nodeMsPerBet: (cpu.node * 1000) / Math.max(1, window.accepted),
    postgresMsPerBet: (cpu.postgres * 1000) / Math.max(1, window.accepted),
    ...clock,
  };
}

/**
 * Places one bet of each kind with log_statement=all and compares what the server sent with
 * bet.sql, statement by statement: the differences (none when the baseline is the same SQL).
 */
async function sameSqlDifferences(
  server: ServerProcess,
  dataDir: string,
  token: string,
  drafts: Drafts,
): Promise<string[]> {
  const admin = new pg.Client({ connectionString: server.databaseUrl });
  await admin.connect();
  await admin.query("ALTER SYSTEM SET log_statement = 'all'");
  await admin.query('SELECT pg_reload_conf()');
  await sleep(500);
  const differences: string[] = [];
  try {
    const http1 = lane(server.base);
    for (const kind of KINDS) {
      const body = { ...drafts[kind][0], Stack: kind === 'FANCY' ? 100 : 500 };
      const placed = await placeBet(http1, token, { path: pathOf(kind), body });
      if (placed.outcome !== 'accepted') differences.push(`${kind} bet refused: ${placed.message}`);
    }
    http1.close();
  } finally {
    await admin.query('ALTER SYSTEM RESET log_statement');
    await admin.query('SELECT pg_reload_conf()');
    await admin.end();
  }
  const logged = loggedBets(await readFile(join(dataDir, 'postgres.log'), 'utf8'));
  const script = await readFile(SCRIPT, 'utf8');
  for (const [index, kind] of KINDS.entries()) {
    const server = logged[index] ?? [];
    const baseline = scriptStatements(script, index);
    for (let n = 0; n < Math.max(server.length, baseline.length); n += 1) {
      if (server[n] !== baseline[n])
        differences.push(
          `${kind} statement ${n + 1}: server «${server[n] ?? '(none)'}», bet.sql «${baseline[n] ?? '(none)'}»`,
        );
    }
  }
  return differences;
}

/**
 * The hotspots of the server's profile inside the window only (no start-up, no stop): V8 stamps
 * samples on the monotonic clock that process.hrtime reads.
 */
async function windowHotspots(dir: string, fromUs: number, toUs: number): Promise<Hotspot[]> {
  const file = (await readdir(dir)).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${dir}`);
  const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as Parameters<
    typeof hotspots
  >[0] & { startTime: number; timeDeltas: number[] };
  let at = profile.startTime;
  const samples = profile.samples.filter((_, index) => {
    at += profile.timeDeltas[index] ?? 0;
    return at >= fromUs && at <= toUs;
  });
  return hotspots({ nodes: profile.nodes, samples }, 100_000);
}

/**
 * A profile's self time by module (package, our file, node internals), the natives by name:
 * "49.2 % writev · 12.7 % (idle) · 9.4 % kysely · …".
 */
function describeModules(spots: readonly Hotspot[], count = 10): string {
  const shares = new Map<string, number>();
  for (const spot of spots) {
    const module =
      spot.where === '(native)'
        ? spot.name
        : spot.where.startsWith('node:')
          ? 'node internals'
          : spot.where.replace(/:\d+$/, '');
    shares.set(module, (shares.get(module) ?? 0) + spot.selfPercent);
  }
  return [...shares]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([module, share]) => `${round1(share)} % ${module}`)
    .join(' · ');
}

/** The fixture's prices again (a restarted scripted feed does not replay its fixture). */
async function price(server: ServerProcess): Promise<void> {
  const http1 = lane(server.base);
  for (const step of fixture().steps) {
    const answer = await http1.send(
      'POST',
      '/api/ops/fixture-step',
      { authorization: `Bearer ${SERVER_OPS_TOKEN}` },
      { eventId: step.eventId, step: step.step },
    );
    if (answer.status !== 200) throw new Error(`fixture-step: ${answer.text}`);
  }
  http1.close();
}

describe('bets', () => {
  it('places bets through the API beside pgbench running the same SQL', async () => {
    const pgbench = pgbenchBinary();
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-bets-'));
    const fixtureFile = join(dataDir, 'fixture.json');
    await writeFile(fixtureFile, JSON.stringify(fixture()));
    const env = { FEED: 'scripted', FEED_FIXTURE: fixtureFile };
    let server = await startServer({ dataDir, cpus: SERVER_CPUS, env });
    try {
      const tokens = await openClients(server.base, 'api', CLIENTS);
      await openClients(server.base, 'pgb', CLIENTS);
      const drafts = await readDrafts(server.base, tokens[0]!);
      const differences = await sameSqlDifferences(server, dataDir, tokens[0]!, drafts);

      // pgbench's side: the clients' token hashes by number, and a scratch TPC-B database.
      const admin = new pg.Client({ connectionString: server.databaseUrl });
      await admin.connect();
      await admin.query(`
        CREATE TABLE bench_clients (n integer PRIMARY KEY, token_hash bytea NOT NULL);
        INSERT INTO bench_clients
          SELECT substr(c.username, 4)::integer, s.token_hash FROM sessions s
          JOIN clients c ON c.id = s.client_id
          WHERE c.username LIKE 'pgb%' AND s.revoked_at IS NULL`);
      await admin.query('CREATE DATABASE bench_tpcb');
      const { rows } = await admin.query<{ n: string }>('SELECT count(*) AS n FROM bench_clients');
      await admin.end();
      expect(Number(rows[0]?.n)).toBe(CLIENTS);
      const tpcbUrl = server.databaseUrl.replace(/\/backlay$/, '/bench_tpcb');
      await runPgbench({
        binary: pgbench,
        cpus: LOAD_CPUS,
        args: ['-i', '-q', '-s', String(TPCB_SCALE), tpcbUrl],
      });

      const defines = {
        first_event: FIRST_EVENT,
        events: EVENTS,
        fancies: FANCIES,
        clients: CLIENTS,
        conns: POOL,
        mix_mo: MIX.MATCH_ODDS,
        mix_bm: MIX.MATCH_ODDS + MIX.BOOKMAKER,
        mix_all: MIX.MATCH_ODDS + MIX.BOOKMAKER + MIX.FANCY,
      };
      const connections = ['-c', String(POOL), '-j', '1'];
      const runs = await alternate(
        RUNS,
        () => productWindow(server, tokens, drafts),
        async () => {
          const postmaster = server.postmaster?.pid ?? 0;
          const before = await clusterCpuSeconds(postmaster);
          const same = await runPgbench({
            binary: pgbench,
            cpus: LOAD_CPUS,
            latencies: true,
            args: [
              '-n',
              '-M',
              'extended',
              ...connections,
              '-T',
              String(WINDOW_S),
              '-f',
              SCRIPT,
              ...Object.entries(defines).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
              server.databaseUrl,
            ],
          });
          const postgresMsPerBet =
            (((await clusterCpuSeconds(postmaster)) - before) * 1000) /
            Math.max(1, same.transactions);
          const tpcb = await runPgbench({
            binary: pgbench,
            cpus: LOAD_CPUS,
            args: [...connections, '-T', String(TPCB_S), tpcbUrl],
          });
          return { same: { ...same, postgresMsPerBet }, tpcb };
        },
      );

      const api = {
        betsPerSecond: median(runs.product.map((run) => run.betsPerSecond)),
        p50: median(runs.product.map((run) => run.p50)),
        p99: median(runs.product.map((run) => run.p99)),
        nodeCpu: median(runs.product.map((run) => run.nodeCpu)),
        postgresCpu: median(runs.product.map((run) => run.postgresCpu)),
        nodeMs: median(runs.product.map((run) => run.nodeMsPerBet)),
        postgresMs: median(runs.product.map((run) => run.postgresMsPerBet)),
      };
      const same = {
        tps: median(runs.baseline.map((run) => run.same.tps)),
        p50: median(runs.baseline.map((run) => run.same.p50)),
        p99: median(runs.baseline.map((run) => run.same.p99)),
        failed: runs.baseline.reduce((sum, run) => sum + run.same.failed, 0),
        postgresMs: median(runs.baseline.map((run) => run.same.postgresMsPerBet)),
      };
      const tpcb = median(runs.baseline.map((run) => run.tpcb.tps));
      const refused = runs.product.reduce((sum, run) => sum + run.refused + run.errors, 0);
      const messages: Record<string, number> = {};
      for (const run of runs.product) {
        for (const [message, count] of Object.entries(run.messages))
          messages[message] = (messages[message] ?? 0) + count;
      }

      const throughputMet = ratio(api.betsPerSecond, same.tps) >= 0.75;
      const latencyMet = api.p99 < 50;
      report({
        bench: BENCH,
        figure: `API bets/s (${LANES} clients, match odds : bookmaker : fancy = ${MIX.MATCH_ODDS} : ${MIX.BOOKMAKER} : ${MIX.FANCY})`,
        value: round1(api.betsPerSecond),
        unit: 'bets/s',
        baseline: { name: `pgbench same SQL, ${POOL} connections`, value: round1(same.tps) },
        ratio: ratio(api.betsPerSecond, same.tps),
        goal: '≥ 0.75',
        met: throughputMet,
      });
      report({
        bench: BENCH,
        figure: `API bet latency p99 (${LANES} clients)`,
        value: round1(api.p99),
        unit: 'ms',
        baseline: { name: `pgbench same SQL p99, ${POOL} connections`, value: round1(same.p99) },
        ratio: ratio(api.p99, same.p99),
        goal: '< 50 ms',
        met: latencyMet,
      });
      report({
        bench: BENCH,
        figure: `API bet latency p50 (${LANES} clients)`,
        value: round1(api.p50),
        unit: 'ms',
        baseline: { name: `pgbench same SQL p50, ${POOL} connections`, value: round1(same.p50) },
        ratio: ratio(api.p50, same.p50),
      });
      report({
        bench: BENCH,
        figure: `API bets refused or failed (all ${RUNS} windows)`,
        value: refused,
        unit: 'bets',
        baseline: { name: 'pgbench failed transactions', value: same.failed },
      });
      report({
        bench: BENCH,
        figure: `PostgreSQL TPC-B-like, pgbench -s ${TPCB_SCALE}, ${POOL} connections (reference)`,
        value: round1(tpcb),
        unit: 'tps',
      });
      note({
        bench: BENCH,
        note:
          `Method: ${RUNS} alternating runs of ${WINDOW_S} s of API bets (after ${WARM_MS / 1000} s of warm-up; ${LANES} keep-alive clients over ${CLIENTS} funded bettors, pgbench over ${CLIENTS} others, every bet with an Idempotency-Key, fixed prices on ${EVENTS} events) and ${WINDOW_S} s of pgbench -M extended running bench/bets/bet.sql (checked statement by statement against the server's log_statement output) on the same embedded PostgreSQL, server idle; ` +
          `server and PostgreSQL on core(s) ${SERVER_CPUS}, load and pgbench on core(s) ${LOAD_CPUS}. ` +
          `CPU of the server's core per accepted API bet: node ${api.nodeMs.toFixed(2)} ms + PostgreSQL ${api.postgresMs.toFixed(2)} ms (${api.nodeCpu} % + ${api.postgresCpu} % of the core); per pgbench bet PostgreSQL ${same.postgresMs.toFixed(2)} ms (medians, from /proc/<pid>/stat). ` +
          `At ${LANES} clients a mean latency under 50 ms needs over ${LANES / 0.05} bets/s (Little's law).`,
      });
      if (refused > 0) {
        // What the server said about its errors (pino's error lines), for a 500's cause.
        const causes = server
          .output()
          .split('\n')
          .filter((line) => line.includes('"level":50'))
          .map((line) => {
            try {
              const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
              return entry.err?.message ?? entry.msg ?? line;
            } catch {
              return line;
            }
          });
        note({
          bench: BENCH,
          note:
            `API refusals and errors: ${Object.entries(messages)
              .map(([message, count]) => `${count} × ${message}`)
              .join(', ')}.` +
            (causes.length > 0
              ? ` Server errors: ${[...new Set(causes)].slice(0, 3).join(' | ')}`
              : ''),
        });
      }
      if (differences.length > 0)
        note({
          bench: BENCH,
          note: `bet.sql differs from the server's SQL: ${differences.join('; ')}`,
        });

      if (!throughputMet || !latencyMet) {
        // What dominates: one more window with the server under the V8 profiler.
        const profileDir = await mkdtemp(join(tmpdir(), 'bench-bets-profile-'));
        await server.stop();
        server = await startServer({
          dataDir,
          port: server.port,
          cpus: SERVER_CPUS,
          env,
          nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
        });
        await price(server);
        await readDrafts(server.base, tokens[0]!);
        const profiled = await productWindow(server, tokens, drafts, PROFILE_S);
        const script = await readFile(SCRIPT, 'utf8');
        const trips = KINDS.map((_, branch) => scriptStatements(script, branch).length);
        const roundTrips = `${Math.min(...trips)}–${Math.max(...trips)}`;
        await server.stop();
        const spots = await windowHotspots(profileDir, profiled.fromUs, profiled.toUs);
        await rm(profileDir, { recursive: true, force: true });
        const nodeShare = api.nodeMs / Math.max(0.001, api.nodeMs + api.postgresMs);
        const bound =
          nodeShare > 0.55
            ? "node's CPU, the larger part of the core's time per bet"
            : nodeShare < 0.45
              ? "PostgreSQL's CPU, the larger part of the core's time per bet"
              : 'node and PostgreSQL alike, splitting the core about evenly';
        const busy = round1(api.nodeCpu + api.postgresCpu);
        note({
          bench: BENCH,
          note:
            `Missed: per API bet the server's core spends ${api.nodeMs.toFixed(2)} ms in node and ${api.postgresMs.toFixed(2)} ms in PostgreSQL (PostgreSQL needs ${same.postgresMs.toFixed(2)} ms for a pgbench bet of the same SQL), so the bound is ${bound}` +
            `${busy < 90 ? ` (the two used ${busy} % of the core; the rest was idle or other processes')` : ''}. ` +
            `Profile of the server's main thread (wall-clock samples over ${PROFILE_S} s of bets at ${round1(profiled.betsPerSecond)} bets/s), self time by module: ${describeModules(spots)}; ` +
            `top JavaScript functions: ${describeHotspots(spots.filter((spot) => spot.where !== '(native)').slice(0, 6))}. ` +
            `writev is node sending a statement to PostgreSQL (a bet is ${roundTrips} round trips, each built by kysely and sent by pg); node's kernel time was only ${profiled.nodeSystemCpu} % of the core, so writev samples are mostly node off the core inside the call while the backend it woke runs, like (idle), waiting for PostgreSQL; node's own CPU is the rest, led by kysely.`,
        });
      }

      // Harness sanity: bets went through, and the baseline ran the server's SQL.
      expect(runs.product.every((run) => run.accepted > 0)).toBe(true);
      expect(runs.baseline.every((run) => run.same.transactions > 0)).toBe(true);
      expect(differences).toEqual([]);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
