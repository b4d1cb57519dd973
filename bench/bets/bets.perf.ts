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
import { BET_LANES } from '../../apps/server/src/modules/bets/bet-batches.js';
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
  positionOf,
  readDrafts,
  type Drafts,
  type Kind,
  type Window,
} from './load.js';
import {
  clusterCpuSeconds,
  cpuSeconds,
  loggedStatements,
  normalize,
  pgbenchBinary,
  runPgbench,
  scriptStatements,
} from './pgbench.js';

/**
 * Bets (bench/README.md): K keep-alive HTTP clients placing a mix of match odds, bookmaker and
 * fancy bets back to back through the real server on its embedded PostgreSQL, beside pgbench
 * running the SQL of the same bets (bet.sql) with the server's pool size of connections on the
 * same PostgreSQL while the server idles, and pgbench's standard TPC-B-like run of the same
 * cluster: what PostgreSQL does here with a small write transaction.
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
/** Goals (bench/README.md, "bets"): of pgbench running the same SQL, of TPC-B's tps, and p99. */
const GOAL_SAME_SQL = 0.75;
const GOAL_TPCB = 0.3;
const GOAL_P99_MS = 50;
const SCRIPT = fileURLToPath(new URL('./bet.sql', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (value: number) => Math.round(value * 10) / 10;
/** "1" or "1–2": the range of a few counts. */
const span = (counts: readonly number[]) =>
  Math.min(...counts) === Math.max(...counts)
    ? `${counts[0]}`
    : `${Math.min(...counts)}–${Math.max(...counts)}`;
/** The share of a window's bets that were their client's first on a fresh position. */
const firstShareOf = (window: Window) =>
  window.firstBets / Math.max(1, window.accepted + window.refused + window.errors);
/** The share of a window's bets on a position with open bets the server had not seen. */
const relearnedShareOf = (window: Window) =>
  window.relearnedBets / Math.max(1, window.accepted + window.refused + window.errors);

/** The (client, position) pairs bet on: since the server started, and since the bench began. */
interface Positions {
  readonly seen: Set<string>;
  readonly held: Set<string>;
}

interface ProductRun extends Window {
  /** Shares of one core over the window, in per cent. */
  readonly nodeCpu: number;
  /** Of which in the kernel. */
  readonly nodeSystemCpu: number;
  readonly postgresCpu: number;
  /** CPU per accepted bet, ms. */
  readonly nodeMsPerBet: number;
  /** PostgreSQL's commits in the server's database per accepted bet (group commit: < 1). */
  readonly commitsPerBet: number;
  readonly postgresMsPerBet: number;
  /** The window on the monotonic clock of V8's profiles, µs. */
  readonly fromUs: number;
  readonly toUs: number;
}

/** Transactions committed so far in the server's database (pg_stat_database). */
async function commits(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** A window of API bets, with the CPU the server (node) and PostgreSQL spent in it. */
async function productWindow(
  server: ServerProcess,
  tokens: readonly string[],
  drafts: Drafts,
  positions: Positions,
  windowS = WINDOW_S,
): Promise<ProductRun> {
  const postmaster = server.postmaster?.pid ?? 0;
  const cpu = { node: 0, nodeSystem: 0, postgres: 0, commits: 0 };
  const edges: Promise<void>[] = [];
  const clock = { fromUs: 0, toUs: 0 };
  const window = await betWindow({
    base: server.base,
    tokens,
    lanes: LANES,
    drafts,
    warmMs: WARM_MS,
    windowMs: windowS * 1000,
    ...positions,
    onWindow: (edge) => {
      clock[edge === 'start' ? 'fromUs' : 'toUs'] = Number(process.hrtime.bigint() / 1000n);
      const sign = edge === 'start' ? -1 : 1;
      edges.push(
        (async () => {
          const node = await cpuSeconds(server.pid);
          cpu.node += sign * (node.user + node.system);
          cpu.nodeSystem += sign * node.system;
          cpu.postgres += sign * (await clusterCpuSeconds(postmaster));
          cpu.commits += sign * (await commits(server.databaseUrl));
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
    commitsPerBet: cpu.commits / Math.max(1, window.accepted),
    ...clock,
  };
}

/** The cache notice a fancy bet sends after its answer (db/changes.ts, createAnnouncer). */
const ANNOUNCE = /^select pg_notify\(\?, payload\) from unnest\(/;

/**
 * The statements of the server's own timers, which may fall between a bet's markers by chance:
 * the matka scheduler's look (every second) and its creation of the coming markets (every
 * minute), the hub's sweep of expired tickets (every minute) and the feed's save of its state
 * (every 5 s). Named one by one: any other statement between the markers is still the bet's.
 */
const TIMERS: readonly RegExp[] = [
  // matka's look
  /^select "id" as "mid", .* from "matka_markets" where "result" is/,
  // matka's coming markets
  /^insert into matka_markets \(/,
  // the hub's ticket sweep
  /^delete from "hub_tickets" where "expires_at" </,
  // the feed's saved state (every 5 s)
  /^insert into "feed_state" \(/,
];

/**
 * Compares what the server sends for a warm bet of each kind with bet.sql, statement by
 * statement: the differences (none when the baseline is the same SQL). A first bet of each kind
 * warms the server (the session cache, the event's catalog, the client's position); then, with
 * log_statement=all, a second bet on the same position, between two marker statements of our
 * own connection: every statement any other connection sent between them is the bet's, but the
 * server's timers' (`TIMERS`, named one by one). The
 * NOTIFY a fancy bet sends after it has answered (one per turn of the event loop however many
 * bets it carries) is left out of bet.sql, so the baseline does a little less than the server;
 * it is reported apart (`afterAnswer`), the end marker waiting for it.
 */
async function sameSqlDifferences(
  server: ServerProcess,
  dataDir: string,
  token: string,
  drafts: Drafts,
  positions: Positions,
): Promise<{ differences: string[]; afterAnswer: string[] }> {
  const differences: string[] = [];
  const afterAnswer: string[] = [];
  const http1 = lane(server.base);
  const bet = async (kind: Kind, which: string) => {
    const body = { ...drafts[kind][0], Stack: kind === 'FANCY' ? 100 : 500 };
    positions.seen.add(`${token}|${positionOf(body)}`);
    positions.held.add(`${token}|${positionOf(body)}`);
    const placed = await placeBet(http1, token, { path: pathOf(kind), body });
    if (placed.outcome !== 'accepted')
      differences.push(`${kind} ${which} bet refused: ${placed.message}`);
  };
  for (const kind of KINDS) await bet(kind, 'first');

  const admin = new pg.Client({ connectionString: server.databaseUrl });
  await admin.connect();
  const { rows } = await admin.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const ownPid = Number(rows[0]?.pid);
  const marker = (kind: Kind, edge: string) => `bench-bets ${kind} ${edge}`;
  await admin.query("ALTER SYSTEM SET log_statement = 'all'");
  await admin.query('SELECT pg_reload_conf()');
  await sleep(500);
  try {
    for (const kind of KINDS) {
      await admin.query(`SELECT '${marker(kind, 'begin')}'`);
      await bet(kind, 'second');
      // The announcer sends on the next turn of the server's event loop, after the answer.
      await sleep(100);
      await admin.query(`SELECT '${marker(kind, 'end')}'`);
    }
  } finally {
    http1.close();
    await admin.query('ALTER SYSTEM RESET log_statement');
    await admin.query('SELECT pg_reload_conf()');
    await admin.end();
  }
  const logged = loggedStatements(await readFile(join(dataDir, 'postgres.log'), 'utf8'));
  const script = await readFile(SCRIPT, 'utf8');
  for (const [index, kind] of KINDS.entries()) {
    const at = (edge: string) =>
      logged.findIndex((entry) => entry.pid === ownPid && entry.text.includes(marker(kind, edge)));
    const [from, to] = [at('begin'), at('end')];
    if (from < 0 || to < from) {
      differences.push(`${kind}: the markers are missing from postgres.log`);
      continue;
    }
    const sent = logged
      .slice(from + 1, to)
      .filter((entry) => entry.pid !== ownPid)
      .map((entry) => normalize(entry.text));
    const bets = sent.filter((text) => !TIMERS.some((timer) => timer.test(text)));
    const server = bets.filter((text) => !ANNOUNCE.test(text));
    const announced = bets.length - server.length;
    if (announced > 0) afterAnswer.push(`${kind} ${announced} × NOTIFY backlay_positions`);
    const baseline = scriptStatements(script, index);
    for (let n = 0; n < Math.max(server.length, baseline.length); n += 1) {
      if (server[n] !== baseline[n])
        differences.push(
          `${kind} statement ${n + 1}: server «${server[n] ?? '(none)'}», bet.sql «${baseline[n] ?? '(none)'}»`,
        );
    }
  }
  return { differences, afterAnswer };
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

/** Where a sample's self time goes by module: a package, our file, node internals, a native. */
interface ModuleShare {
  readonly module: string;
  readonly share: number;
  /** A native (writev, (idle), (garbage collector) …): not JavaScript. */
  readonly native: boolean;
}

/** A profile's self time by module (package, our file, node internals), the natives by name. */
function moduleShares(spots: readonly Hotspot[]): ModuleShare[] {
  const shares = new Map<string, ModuleShare>();
  for (const spot of spots) {
    const native = spot.where === '(native)';
    const module = native
      ? spot.name
      : spot.where.startsWith('node:')
        ? 'node internals'
        : spot.where.replace(/:\d+$/, '');
    const share = (shares.get(module)?.share ?? 0) + spot.selfPercent;
    shares.set(module, { module, share, native });
  }
  return [...shares.values()].sort((a, b) => b.share - a.share);
}

/** "49.2 % writev · 12.7 % (idle) · 9.4 % pg · …" */
function describeModules(shares: readonly ModuleShare[], count = 10): string {
  return shares
    .slice(0, count)
    .map(({ module, share }) => `${round1(share)} % ${module}`)
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
    // The in-play delay (docs/architecture.md) is waiting, not work: this measures the bet path.
    const env = { FEED: 'scripted', FEED_FIXTURE: fixtureFile, BET_DELAY: 'cricket=0' };
    let server = await startServer({ dataDir, cpus: SERVER_CPUS, env });
    try {
      const tokens = await openClients(server.base, 'api', CLIENTS);
      await openClients(server.base, 'pgb', CLIENTS);
      const drafts = await readDrafts(server.base, tokens[0]!);
      const positions: Positions = { seen: new Set(), held: new Set() };
      const { differences, afterAnswer } = await sameSqlDifferences(
        server,
        dataDir,
        tokens[0]!,
        drafts,
        positions,
      );

      // pgbench's side: its clients' ids (consecutive, so that bet.sql can pick them by number),
      // and a scratch TPC-B database.
      const admin = new pg.Client({ connectionString: server.databaseUrl });
      await admin.connect();
      const { rows } = await admin.query<{ first: string; last: string; n: string }>(
        "SELECT min(id) AS first, max(id) AS last, count(*) AS n FROM clients WHERE username LIKE 'pgb%'",
      );
      await admin.query('CREATE DATABASE bench_tpcb');
      await admin.end();
      const firstClient = Number(rows[0]?.first);
      const lastClient = Number(rows[0]?.last);
      expect(Number(rows[0]?.n)).toBe(CLIENTS);
      expect(lastClient - firstClient + 1).toBe(CLIENTS);
      const tpcbUrl = server.databaseUrl.replace(/\/backlay$/, '/bench_tpcb');
      await runPgbench({
        binary: pgbench,
        cpus: LOAD_CPUS,
        args: ['-i', '-q', '-s', String(TPCB_SCALE), tpcbUrl],
      });

      /** Bets of pgbench's clients with an id above `after`; and the highest bet id. */
      const pgbenchBets = async (after: number) => {
        const client = new pg.Client({ connectionString: server.databaseUrl });
        await client.connect();
        try {
          const { rows: counted } = await client.query<{ n: string; top: string | null }>(
            `SELECT count(*) FILTER (WHERE id > $1 AND client_id BETWEEN $2 AND $3) AS n,
              max(id) AS top FROM bets`,
            [after, firstClient, lastClient],
          );
          return { placed: Number(counted[0]?.n), top: Number(counted[0]?.top ?? 0) };
        } finally {
          await client.end();
        }
      };

      const defines = {
        first_event: FIRST_EVENT,
        events: EVENTS,
        fancies: FANCIES,
        first_client: firstClient,
        clients: CLIENTS,
        conns: POOL,
        mix_mo: MIX.MATCH_ODDS,
        mix_bm: MIX.MATCH_ODDS + MIX.BOOKMAKER,
        mix_all: MIX.MATCH_ODDS + MIX.BOOKMAKER + MIX.FANCY,
      };
      const connections = ['-c', String(POOL), '-j', '1'];
      const runs = await alternate(
        RUNS,
        () => productWindow(server, tokens, drafts, positions),
        async () => {
          const postmaster = server.postmaster?.pid ?? 0;
          const { top } = await pgbenchBets(Number.MAX_SAFE_INTEGER);
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
          // Every transaction of bet.sql placed a bet (no "stale", no refusal): it did the work.
          const { placed } = await pgbenchBets(top);
          const tpcb = await runPgbench({
            binary: pgbench,
            cpus: LOAD_CPUS,
            args: [...connections, '-T', String(TPCB_S), tpcbUrl],
          });
          return { same: { ...same, postgresMsPerBet, placed }, tpcb };
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
        firstShare: median(runs.product.map(firstShareOf)),
        relearnedShare: median(runs.product.map(relearnedShareOf)),
        commitsPerBet: median(runs.product.map((run) => run.commitsPerBet)),
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
      const script = await readFile(SCRIPT, 'utf8');
      const warmTrips = span(KINDS.map((_, branch) => scriptStatements(script, branch).length));
      const firstTrips = span(
        KINDS.map((_, branch) => scriptStatements(script, branch).length + 1),
      );

      const sameSqlMet = ratio(api.betsPerSecond, same.tps) >= GOAL_SAME_SQL;
      const tpcbMet = ratio(api.betsPerSecond, tpcb) >= GOAL_TPCB;
      const throughputMet = sameSqlMet && tpcbMet;
      const latencyMet = api.p99 < GOAL_P99_MS;
      const figure = `API bets/s (${LANES} clients, match odds : bookmaker : fancy = ${MIX.MATCH_ODDS} : ${MIX.BOOKMAKER} : ${MIX.FANCY})`;
      report({
        bench: BENCH,
        figure,
        value: round1(api.betsPerSecond),
        unit: 'bets/s',
        baseline: { name: `pgbench same SQL, ${POOL} connections`, value: round1(same.tps) },
        ratio: ratio(api.betsPerSecond, same.tps),
        goal: `≥ ${GOAL_SAME_SQL}, and ≥ ${GOAL_TPCB} of TPC-B`,
        met: throughputMet,
      });
      report({
        bench: BENCH,
        figure: `API bets/s ÷ TPC-B tps of the same run (${LANES} clients)`,
        // "per s": the baseline column shows TPC-B transactions in the row's unit.
        value: round1(api.betsPerSecond),
        unit: 'per s',
        baseline: {
          name: `pgbench TPC-B-like transactions, -s ${TPCB_SCALE}, ${POOL} connections`,
          value: round1(tpcb),
        },
        ratio: ratio(api.betsPerSecond, tpcb),
        goal: `≥ ${GOAL_TPCB}, and ≥ ${GOAL_SAME_SQL} of same SQL`,
        met: throughputMet,
      });
      report({
        bench: BENCH,
        figure: `API bet latency p99 (${LANES} clients)`,
        value: round1(api.p99),
        unit: 'ms',
        baseline: { name: `pgbench same SQL p99, ${POOL} connections`, value: round1(same.p99) },
        ratio: ratio(api.p99, same.p99),
        goal: `< ${GOAL_P99_MS} ms`,
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
      note({
        bench: BENCH,
        note:
          `Method: ${RUNS} alternating runs of ${WINDOW_S} s of API bets (after ${WARM_MS / 1000} s of warm-up; ${LANES} keep-alive clients over ${CLIENTS} funded bettors, pgbench over ${CLIENTS} others, every bet with an Idempotency-Key, fixed prices on ${EVENTS} events) and ${WINDOW_S} s of pgbench -M extended running bench/bets/bet.sql (checked statement by statement against the server's log_statement output for a warm bet of each kind) on the same embedded PostgreSQL, server idle, then ${TPCB_S} s of pgbench's TPC-B-like run (-s ${TPCB_SCALE}, ${POOL} connections) in a scratch database of the same cluster; throughput is met when API bets/s is ≥ ${GOAL_SAME_SQL} of the same SQL and ≥ ${GOAL_TPCB} of TPC-B (ratios of the medians); ` +
          `server and PostgreSQL on core(s) ${SERVER_CPUS}, load and pgbench on core(s) ${LOAD_CPUS}. ` +
          `Round trips per bet: ${warmTrips} for a warm bet (bet.sql) and for a client's first bet on a fresh position (the server guesses a position it has not seen empty, version 0; ${round1(api.firstShare * 100)} % of a window's bets, median), ${firstTrips} for a bet on a position with open bets the server has not seen (bet_place answers "stale" with them, then places; ${round1(api.relearnedShare * 100)} %); the session comes from the server's cache, the market from its catalog. ` +
          `Group commit: a bet that finds one of the server's ${BET_LANES} lanes free goes alone (bet_place, the statement bet.sql runs, one bet per transaction as pgbench does); the bets that arrive while both are busy go together in one call of bet_place_batch, one transaction; PostgreSQL committed ${api.commitsPerBet.toFixed(2)} transactions per API bet (about ${round1(1 / Math.max(0.001, api.commitsPerBet))} bets per commit, median), pgbench 1. ` +
          `CPU of the server's core per accepted API bet: node ${api.nodeMs.toFixed(2)} ms + PostgreSQL ${api.postgresMs.toFixed(2)} ms (${api.nodeCpu} % + ${api.postgresCpu} % of the core); per pgbench bet PostgreSQL ${same.postgresMs.toFixed(2)} ms (medians, from /proc/<pid>/stat). ` +
          `At ${LANES} clients a mean latency under ${GOAL_P99_MS} ms needs over ${LANES / (GOAL_P99_MS / 1000)} bets/s (Little's law). ` +
          `Each window in order (API bets/s, p50 / p99 ms; pgbench same SQL tps): ${runs.product
            .map(
              (run, index) =>
                `${round1(run.betsPerSecond)}, ${round1(run.p50)} / ${round1(run.p99)}; ${round1(runs.baseline[index]?.same.tps ?? 0)}`,
            )
            .join(' · ')}.`,
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
      if (afterAnswer.length > 0)
        note({
          bench: BENCH,
          note: `Sent after the answer and not in bet.sql (the server does this much more than the baseline): ${afterAnswer.join('; ')}; batched per turn of the event loop under load.`,
        });
      if (differences.length > 0)
        note({
          bench: BENCH,
          note: `bet.sql differs from the server's SQL: ${differences.join('; ')}`,
        });
      const idle = runs.baseline.filter((run) => run.same.placed < run.same.transactions);
      if (idle.length > 0)
        note({
          bench: BENCH,
          note: `pgbench transactions that placed no bet: ${idle
            .map((run) => `${run.same.transactions - run.same.placed} of ${run.same.transactions}`)
            .join(', ')} (bet_place answered "stale" or refused: the baseline did less work)`,
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
        // A restarted server knows no position: its caches start empty.
        const profiled = await productWindow(
          server,
          tokens,
          drafts,
          { seen: new Set(), held: positions.held },
          PROFILE_S,
        );
        await server.stop();
        const spots = await windowHotspots(profileDir, profiled.fromUs, profiled.toUs);
        await rm(profileDir, { recursive: true, force: true });
        const shares = moduleShares(spots);
        const nodeShare = api.nodeMs / Math.max(0.001, api.nodeMs + api.postgresMs);
        const bound =
          nodeShare > 0.55
            ? "node's CPU, the larger part of the core's time per bet"
            : nodeShare < 0.45
              ? "PostgreSQL's CPU, the larger part of the core's time per bet"
              : 'node and PostgreSQL alike, splitting the core about evenly';
        const busy = round1(api.nodeCpu + api.postgresCpu);
        const writev = shares.find((entry) => entry.module === 'writev')?.share ?? 0;
        const leader = shares.find((entry) => !entry.native);
        const missed = [
          ...(sameSqlMet ? [] : [`${ratio(api.betsPerSecond, same.tps)} of the same SQL`]),
          ...(tpcbMet ? [] : [`${ratio(api.betsPerSecond, tpcb)} of TPC-B`]),
          ...(latencyMet ? [] : [`p99 ${round1(api.p99)} ms`]),
        ].join(', ');
        note({
          bench: BENCH,
          note:
            `Missed (${missed}): per API bet the server's core spends ${api.nodeMs.toFixed(2)} ms in node and ${api.postgresMs.toFixed(2)} ms in PostgreSQL (PostgreSQL needs ${same.postgresMs.toFixed(2)} ms for a pgbench bet of the same SQL), so the bound is ${bound}` +
            `${busy < 90 ? ` (the two used ${busy} % of the core; the rest was idle or other processes')` : ''}. ` +
            `Profile of the server's main thread (wall-clock samples over ${PROFILE_S} s of bets at ${round1(profiled.betsPerSecond)} bets/s, right after a restart: ${round1(relearnedShareOf(profiled) * 100)} % of them on positions with open bets it had not seen, ${round1(firstShareOf(profiled) * 100)} % first bets on fresh ones), self time by module: ${describeModules(shares)}; ` +
            `top JavaScript functions: ${describeHotspots(spots.filter((spot) => spot.where !== '(native)').slice(0, 6))}. ` +
            `A warm bet is ${warmTrips} round trip${warmTrips === '1' ? '' : 's'} to PostgreSQL (bet.sql), a bet on a position with open bets the server has not seen ${firstTrips}` +
            (writev >= 5
              ? `; writev (${round1(writev)} %) is node sending to PostgreSQL or answering HTTP, and with node's kernel time at ${profiled.nodeSystemCpu} % of the core its samples are ${profiled.nodeSystemCpu < writev / 2 ? 'mostly node off the core inside the call while the process it woke runs, like (idle), waiting' : 'largely kernel work of sending'}`
              : '') +
            (leader
              ? `; node's JavaScript is led by ${leader.module} (${round1(leader.share)} % of the samples).`
              : '.'),
        });
      }

      // Harness sanity: bets went through, and the baseline ran the server's SQL, doing its work.
      expect(runs.product.every((run) => run.accepted > 0)).toBe(true);
      expect(runs.baseline.every((run) => run.same.transactions > 0)).toBe(true);
      expect(differences).toEqual([]);
      expect(idle).toEqual([]);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
