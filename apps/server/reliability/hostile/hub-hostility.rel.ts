import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHubTicket, HUB_PATH, SUBSCRIBE_EVENT } from '@backlay/contract/hub';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { percentile, record, round2, scale } from '../figures.js';
import { HubClient } from '../support/hub-client.js';
import { SERVER_OPS_TOKEN, startServer, type ServerProcess } from '../support/server-process.js';

/**
 * Hub hostility (docs/reliability.md, "Hub hostility"): against the real server, many hub
 * connections of each hostile kind — records that never end, invalid JSON, unknown targets,
 * invocations before the handshake, frames over the 32 KiB cap, binary frames, a flood above the
 * message rate, and clients that never read what they asked for. Every one must end closed by the
 * server within its kind's bound; afterwards a normal client still connects and receives a push,
 * /api/health answers, and the server holds no memory from one attack to the next.
 *
 * The memory proof. A leak is memory the server still holds after an attack, more after every
 * attack. So the same attack runs {@link ROUNDS} times, and after each the suite forces a full
 * garbage collection in the server and reads its heap used and external memory (ArrayBuffers and
 * other native memory V8 accounts for), through the V8 inspector, so that the product carries no
 * hook for it. The first round may leave more than the fresh server (code compiled and caches
 * filled on first use), so the bar runs from the second round to the last. RSS is reported, not
 * judged: glibc keeps memory the process freed, fragmented by the attack's buffers, and returns it
 * when it pleases. In a full run here RSS after each round stood some 65 MiB over the fresh
 * server's (the old bar, RSS within 10 % of its start, failed at 113–117 %) while the heap after
 * GC was within 1.6 MiB of the fresh server's, and neither grew from the second round on; a heap
 * snapshot diff of rounds 2 and 8 of an eight-round run found only compiled code and V8's own
 * lists (0.4 MiB), not one JS object more.
 */

const PER_KIND = scale(200, 50);
const WARM_UP_PER_KIND = 5;
const USERS = ['demo1', 'demo2', 'demo3', 'demo4', 'demo5'];
const PASSWORD = 'Backlay@2026';
const RS = '\u001e';
const HANDSHAKE = `${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`;
/** The hub's message cap (ws maxPayload and the record buffer). */
const MAX_MESSAGE_BYTES = 32 * 1024;
/** The protocol kinds: the server answers at once; the bound allows for a loaded machine. */
const PROTOCOL_BOUND_MS = 10_000;
/**
 * A client that never reads is cut once the hub's own send queue to it passes 256 KiB, after the
 * kernel's socket buffers (~4 MiB on loopback) filled: at ~250 KiB/s of answers, about 20 s.
 */
const NEVER_READS_BOUND_MS = scale(60_000, 45_000);
/** How many connections open at once (each needs two tickets and a negotiate). */
const OPEN_CONCURRENCY = 24;
/** After the warm-up, and after each round, before memory is read. */
const SETTLE_MS = 3000;
/** The same attack this many times: retained memory that grows with each round is a leak. */
const ROUNDS = 5;
/**
 * The bar on what the server holds after a forced GC (heap used + external): from the second
 * round to the last it may grow by at most this much per round. A leak of 650 bytes per hostile
 * connection reaches it in a full run (1,600 a round), 2.6 KiB in a short one (400); a connection
 * the hub failed to forget keeps its WebSocket, socket, buffers and closures, several KiB. A server
 * that leaks nothing measured 0.05–0.08 MiB a round (code V8 compiles as it warms up); a single
 * reading per round, without {@link heldMemory}'s second, once came out 1.2 MiB high.
 */
const RETAINED_GROWTH_BAR_MIB = 1;

/** A forced GC of a heap this size takes well under a second; the bound allows a loaded machine. */
const INSPECTOR_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MiB = 1024 * 1024;

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return round2(kib / 1024);
}

/** What the server's `process.memoryUsage()` says, in bytes. */
interface MemoryUsage {
  readonly rss: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

/** A session on the server's V8 inspector (Chrome DevTools Protocol over its WebSocket). */
interface Inspector {
  /** A forced full GC (twice: finalizers of the first free more), then the memory it left. */
  memoryAfterGc(): Promise<MemoryUsage>;
  close(): Promise<void>;
}

async function openInspector(url: string): Promise<Inspector> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waiting = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  let lastId = 0;
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      id?: number;
      result?: unknown;
      error?: { message?: string };
    };
    // Answers carry their command's id; events (none asked for) carry none.
    if (message.id === undefined) return;
    const waiter = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error.message ?? 'inspector error'));
    else waiter?.resolve(message.result);
  });
  socket.on('close', () => {
    for (const waiter of waiting.values()) waiter.reject(new Error('inspector closed'));
    waiting.clear();
  });
  // A server that stops while a session is attached waits at exit for the debugger to go: a
  // command it will never answer must fail the proof, not hang it.
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      lastId += 1;
      const id = lastId;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`inspector: no answer to ${method} in ${INSPECTOR_TIMEOUT_MS / 1000} s`));
      }, INSPECTOR_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async memoryAfterGc() {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const answer = (await call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } };
      return JSON.parse(answer.result.value) as MemoryUsage;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

/**
 * The lower of two readings a second apart: what is only in flight at one instant (a feed batch
 * being pushed, a query's rows) is not what the server holds.
 */
async function heldMemory(inspector: Inspector): Promise<MemoryUsage> {
  const first = await inspector.memoryAfterGc();
  await sleep(1000);
  const second = await inspector.memoryAfterGc();
  const held = (memory: MemoryUsage) => memory.heapUsed + memory.external;
  return held(second) < held(first) ? second : first;
}

/** What one round left: memory after a forced GC, and RSS (MiB). */
interface Round {
  readonly heapUsed: number;
  readonly external: number;
  /** Heap used + external: what the server holds. */
  readonly retained: number;
  readonly rss: number;
  readonly attackMs: number;
}

const mib = (bytes: number) => round2(bytes / MiB);

interface User {
  readonly token: string;
  readonly uid: number;
}

/** One hostile kind: what it does once its socket is open (and past the handshake when asked). */
interface Kind {
  readonly name: string;
  readonly handshake: boolean;
  readonly boundMs: number;
  /** Starts the hostile act; returns what stops its timers. */
  act(socket: WebSocket, index: number): () => void;
}

const invocation = (target: string, invocationId: string, args: unknown[] = []) =>
  `${JSON.stringify({ type: 1, invocationId, target, arguments: args })}${RS}`;

/** Sends `frame(n)` every `everyMs` until the socket closes or `stop` is called. */
function repeat(socket: WebSocket, everyMs: number, frame: (n: number) => string | Buffer) {
  let n = 0;
  const timer = setInterval(() => {
    if (socket.readyState !== WebSocket.OPEN) return clearInterval(timer);
    n += 1;
    socket.send(frame(n));
  }, everyMs);
  return () => clearInterval(timer);
}

const KINDS: readonly Kind[] = [
  {
    // One record that never ends: 4 KiB more every 50 ms, until the 32 KiB cap.
    name: 'missing record separators',
    handshake: true,
    boundMs: PROTOCOL_BOUND_MS,
    act: (socket) => {
      socket.send(`{"type":1,"target":"${SUBSCRIBE_EVENT}","arguments":["`);
      return repeat(socket, 50, () => 'x'.repeat(4096));
    },
  },
  {
    name: 'invalid JSON',
    handshake: true,
    boundMs: PROTOCOL_BOUND_MS,
    act: (socket) => {
      socket.send(`{"type":1,"target":${RS}`);
      return () => {};
    },
  },
  {
    // Answered with an error Completion each (docs/signalr-protocol.md §5.2: one such
    // call keeps the connection); a client that keeps calling is cut by the message rate.
    name: 'unknown targets',
    handshake: true,
    boundMs: PROTOCOL_BOUND_MS,
    act: (socket) => repeat(socket, 20, (n) => invocation('NoSuchMethod', String(n), [n])),
  },
  {
    name: 'invocation before the handshake',
    handshake: false,
    boundMs: PROTOCOL_BOUND_MS,
    act: (socket) => {
      socket.send(invocation(SUBSCRIBE_EVENT, '1', [1]));
      return () => {};
    },
  },
  {
    name: 'frame over 32 KiB',
    handshake: true,
    boundMs: PROTOCOL_BOUND_MS,
    act: (socket) => {
      socket.send(`${'x'.repeat(2 * MAX_MESSAGE_BYTES)}${RS}`);
      return () => {};
    },
  },
  {
    name: 'binary frame',
    handshake: true,
    boundMs: PROTOCOL_BOUND_MS,
    act: (socket) => {
      socket.send(Buffer.from([0x93, 0x01, 0x80, 0xa4, 0x50, 0x69, 0x6e, 0x67]));
      return () => {};
    },
  },
  {
    // 150 messages at once, over the 100 per 10 s: pings, or (every other one) frames of bare
    // separators that carry no record.
    name: 'flood above the message rate',
    handshake: true,
    boundMs: PROTOCOL_BOUND_MS,
    act: (socket, index) => {
      const message = index % 2 === 0 ? `{"type":6}${RS}` : RS.repeat(8);
      for (let n = 0; n < 150 && socket.readyState === WebSocket.OPEN; n += 1) socket.send(message);
      return () => {};
    },
  },
  {
    // Stops reading (the socket is paused: the server's sends pile up), and keeps asking, within
    // the message rate (85 per 10 s), for answers ~30 KiB each (the invocation id comes back in the error
    // Completion). It notices the server's cut when its next write is reset.
    name: 'never reads',
    handshake: true,
    boundMs: NEVER_READS_BOUND_MS,
    act: (socket) => {
      (socket as unknown as { _socket: Socket })._socket.pause();
      const padding = 'i'.repeat(MAX_MESSAGE_BYTES - 2048);
      return repeat(socket, 118, (n) => invocation('NoSuchMethod', `${n}-${padding}`));
    },
  },
];

interface Outcome {
  readonly kind: string;
  opened: boolean;
  openError?: string;
  actAt?: number;
  closedAt?: number;
  closeCode?: number;
  /** Text received (capped), to tell how the server ended it. */
  received: string;
  socket?: WebSocket;
  stop?: () => void;
}

async function tickets(base: string, user: User): Promise<string> {
  const response = await fetch(`${base}${getHubTicket.path}`, {
    method: getHubTicket.method,
    headers: { authorization: `Bearer ${user.token}` },
  });
  const body = (await response.json()) as { Result?: { ticket?: string } };
  if (!body.Result?.ticket) throw new Error(`ticket: ${response.status}`);
  return body.Result.ticket;
}

/** Negotiate with one ticket, upgrade with another: the address of a fresh connection. */
async function address(base: string, user: User): Promise<string> {
  const negotiated = await fetch(
    `${base}${HUB_PATH}/negotiate?userId=${user.uid}&negotiateVersion=1`,
    { method: 'POST', headers: { authorization: `Bearer ${await tickets(base, user)}` } },
  );
  const body = (await negotiated.json()) as { connectionToken?: string };
  if (!body.connectionToken) throw new Error(`negotiate: ${negotiated.status}`);
  const ticket = await tickets(base, user);
  return `${base.replace('http', 'ws')}${HUB_PATH}?userId=${user.uid}&id=${body.connectionToken}&access_token=${encodeURIComponent(ticket)}`;
}

/** Opens one hostile connection and starts its act; resolves once the act has begun. */
async function hostile(base: string, user: User, kind: Kind, index: number): Promise<Outcome> {
  const outcome: Outcome = { kind: kind.name, opened: false, received: '' };
  try {
    const url = await address(base, user);
    await new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(url);
      outcome.socket = socket;
      let started = false;
      const start = () => {
        started = true;
        outcome.actAt = performance.now();
        outcome.stop = kind.act(socket, index);
        resolve();
      };
      socket.on('error', () => {});
      socket.on('unexpected-response', (_request, response) => {
        response.resume();
        reject(new Error(`upgrade: ${response.statusCode}`));
      });
      socket.on('close', (code) => {
        outcome.closedAt = performance.now();
        outcome.closeCode = code;
        outcome.stop?.();
        if (!started) reject(new Error(`closed before the act (${code})`));
      });
      socket.on('message', (data: Buffer) => {
        if (outcome.received.length < 4096) outcome.received += data.toString();
        if (!started && kind.handshake && outcome.received.startsWith(`{}${RS}`)) start();
      });
      socket.on('open', () => {
        outcome.opened = true;
        if (kind.handshake) socket.send(HANDSHAKE);
        else start();
      });
    });
  } catch (error) {
    outcome.openError = error instanceof Error ? error.message : String(error);
  }
  return outcome;
}

/** Every kind at once, `perKind` connections each; resolves when all closed or their bounds passed. */
async function attack(
  base: string,
  users: readonly User[],
  perKind: number,
  which: (kind: Kind) => boolean = () => true,
): Promise<Outcome[]> {
  const jobs = KINDS.filter(which).flatMap((kind) =>
    Array.from({ length: perKind }, (_, index) => ({ kind, index })),
  );
  // The slowest kind first, then the others interleaved so that each starts early.
  jobs.sort(
    (a, b) =>
      Number(b.kind.boundMs > PROTOCOL_BOUND_MS) - Number(a.kind.boundMs > PROTOCOL_BOUND_MS) ||
      a.index - b.index,
  );
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const job = jobs[next]!;
        next += 1;
        outcomes.push(await hostile(base, users[next % users.length]!, job.kind, job.index));
      }
    }),
  );
  const bound = (outcome: Outcome) =>
    (outcome.actAt ?? 0) + (KINDS.find((kind) => kind.name === outcome.kind)?.boundMs ?? 0);
  const deadline = Math.max(...outcomes.map(bound));
  while (performance.now() < deadline && outcomes.some((o) => o.opened && o.closedAt === undefined))
    await sleep(100);
  for (const outcome of outcomes) {
    outcome.stop?.();
    outcome.socket?.terminate();
  }
  return outcomes;
}

let dataDir: string | undefined;
let server: ServerProcess | undefined;
let inspector: Inspector | undefined;
const normal: HubClient[] = [];

afterAll(async () => {
  for (const client of normal) client.stop();
  // Before the stop: node may wait at exit for a debugger still attached.
  await inspector?.close();
  await server?.stop(10_000).catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A normal client connects, joins a group and receives a news push. */
async function normalClientWorks(base: string, user: User): Promise<boolean> {
  const client = new HubClient({ base, userId: user.uid, token: user.token });
  normal.push(client);
  try {
    await client.start();
    await client.invoke(SUBSCRIBE_EVENT, 1);
    const news = await fetch(`${base}/api/ops/news`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SERVER_OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hostile round over' }),
    });
    if (news.status !== 200) return false;
    for (let waited = 0; waited < 5000 && !client.received.get('updateNews'); waited += 50)
      await sleep(50);
    return (client.received.get('updateNews') ?? 0) > 0;
  } catch {
    return false;
  } finally {
    client.stop();
  }
}

describe('hub hostility', () => {
  it(`closes ${PER_KIND} connections of each hostile kind, ${ROUNDS} times, keeps serving and holds no memory from round to round`, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'backlay-hub-hostility-'));
    await chmod(dataDir, 0o755); // the unprivileged PostgreSQL user must reach it
    server = await startServer({ dataDir, inspect: true });
    const { base, pid } = server;
    inspector = await openInspector(server.inspector!);

    const users: User[] = [];
    for (const username of USERS) {
      const response = await fetch(`${base}/api/Authenticate/ValidLogin?ipAddress=127.0.0.1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD, LatLong: '12.97,77.59' }),
      });
      const data = ((await response.json()) as { data?: { Token: string; uid: number } }).data;
      if (!data) throw new Error(`login ${username}: ${response.status}`);
      users.push({ token: data.Token, uid: data.uid });
    }

    // Warm-up: a small round of every kind, so that the first round is not the first use.
    const warmUp = await attack(
      base,
      users,
      WARM_UP_PER_KIND,
      (kind) => kind.name !== 'never reads',
    );
    expect(warmUp.filter((o) => o.closedAt === undefined).map((o) => o.kind)).toEqual([]);
    expect(await normalClientWorks(base, users[0]!)).toBe(true);
    await sleep(SETTLE_MS);
    const fresh = await heldMemory(inspector);
    const rssFresh = await rssMiB(pid);

    let rssPeak = rssFresh;
    const sampler = setInterval(() => {
      rssMiB(pid)
        .then((value) => (rssPeak = Math.max(rssPeak, value)))
        .catch(() => undefined);
    }, 250);
    const outcomes: Outcome[] = [];
    const rounds: Round[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round += 1) {
        const started = performance.now();
        outcomes.push(...(await attack(base, users, PER_KIND)));
        const attackMs = performance.now() - started;
        // The server's side of the closes (close frames, socket events) ends within this.
        await sleep(SETTLE_MS);
        const memory = await heldMemory(inspector);
        rounds.push({
          heapUsed: mib(memory.heapUsed),
          external: mib(memory.external),
          retained: mib(memory.heapUsed + memory.external),
          rss: await rssMiB(pid),
          attackMs: round2(attackMs),
        });
      }
    } finally {
      clearInterval(sampler);
    }

    const running = await alive(pid);
    const normalOk = await normalClientWorks(base, users[1]!);
    const health = await fetch(`${base}/api/health`).then(
      (response) => response.status,
      () => 0,
    );

    const name = (text: string) => `hub hostility: ${text}`;
    const total = PER_KIND * ROUNDS;
    record({
      suite: 'hostile',
      name: name('connections per kind (per round × rounds)'),
      value: `${PER_KIND} × ${ROUNDS}`,
    });
    const timings: string[] = [];
    const failures: string[] = [];
    for (const kind of KINDS) {
      const mine = outcomes.filter((o) => o.kind === kind.name);
      const closed = mine.filter(
        (o) =>
          o.opened &&
          o.closedAt !== undefined &&
          o.actAt !== undefined &&
          o.closedAt - o.actAt <= kind.boundMs,
      );
      const times = closed.map((o) => o.closedAt! - o.actAt!);
      timings.push(
        `${kind.name} ${round2(percentile(times, 50))} / ${round2(percentile(times, 100))}`,
      );
      const pass = closed.length === total;
      record({
        suite: 'hostile',
        name: name(`${kind.name}: closed by the server within ${kind.boundMs / 1000} s`),
        value: `${closed.length}/${total}`,
        bar: 'all',
        pass,
      });
      if (!pass) {
        const open = mine.find((o) => !closed.includes(o));
        failures.push(
          `${kind.name}: ${closed.length}/${total}, e.g. ${open?.openError ?? `closed ${open?.closedAt === undefined ? 'never' : round2(open.closedAt - (open.actAt ?? 0))} ms, got ${open?.received.slice(0, 200)}`}`,
        );
      }
    }
    record({
      suite: 'hostile',
      name: name('time to close by kind, p50 / max (ms)'),
      value: timings.join('; '),
    });
    record({
      suite: 'hostile',
      name: name('attack duration by round (ms)'),
      value: rounds.map((r) => r.attackMs).join(' / '),
    });
    record({
      suite: 'hostile',
      name: name('server still running'),
      value: running ? 'yes' : 'no',
      bar: 'yes',
      pass: running,
    });
    record({
      suite: 'hostile',
      name: name('a normal client connects and receives a push afterwards'),
      value: normalOk ? 'yes' : 'no',
      bar: 'yes',
      pass: normalOk,
    });
    record({
      suite: 'hostile',
      name: name('/api/health afterwards'),
      value: health,
      bar: '= 200',
      pass: health === 200,
    });

    const perRound = (value: (round: Round) => number) => `${rounds.map(value).join(' / ')} MiB`;
    record({
      suite: 'hostile',
      name: name('server heap used after a forced GC: fresh; after each round'),
      value: `${mib(fresh.heapUsed)}; ${perRound((r) => r.heapUsed)}`,
    });
    record({
      suite: 'hostile',
      name: name('server external memory after a forced GC: fresh; after each round'),
      value: `${mib(fresh.external)}; ${perRound((r) => r.external)}`,
    });
    // From the second round to the last, per round: a leak grows with every round, and a
    // retained MiB per round is some 650 bytes per hostile connection at the full size.
    const second = rounds[1]!;
    const last = rounds.at(-1)!;
    const growth = round2((last.retained - second.retained) / (ROUNDS - 2));
    record({
      suite: 'hostile',
      name: name(
        'server retained memory (heap used + external, after a forced GC) growth per round, rounds 2 to last (MiB)',
      ),
      value: `${growth} (${second.retained} → ${last.retained} MiB)`,
      bar: `<= ${RETAINED_GROWTH_BAR_MIB}`,
      pass: growth <= RETAINED_GROWTH_BAR_MIB,
    });
    record({
      suite: 'hostile',
      name: name('server RSS: fresh; after each round; peak (glibc keeps freed memory: no bar)'),
      value: `${rssFresh}; ${perRound((r) => r.rss)}; ${rssPeak} MiB`,
    });

    expect(failures).toEqual([]);
    expect(running).toBe(true);
    expect(normalOk).toBe(true);
    expect(health).toBe(200);
    expect(growth).toBeLessThanOrEqual(RETAINED_GROWTH_BAR_MIB);
  });
});

async function alive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
