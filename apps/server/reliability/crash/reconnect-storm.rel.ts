import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_RETRY_JITTER_MS, RECONNECT_DELAYS_MS, SUBSCRIBE_EVENT } from '@backlay/contract/hub';
import { afterAll, describe, expect, it } from 'vitest';
import { percentile, record, round2, scale } from '../figures.js';
import { httpClient } from '../support/bank-load.js';
import { HubClient } from '../support/hub-client.js';
import { startServer, type ServerProcess } from '../support/server-process.js';

/**
 * Reconnect storm (docs/reliability.md, "Reconnect storm"): many hub connections, the server
 * restarted as a deploy does (SIGTERM: every client gets Close with allowReconnect; then started
 * again on the same port and data). The clients come back on the web's own reconnect policy
 * (`reconnectDelayMs`, contract: 0 s plus 0–1 s of jitter, 2, 5, 10 s, then give up), each attempt
 * with fresh tickets. Figures: how long until 99 % are back, handshake errors, clients that gave
 * up, the server's memory, and how far the policy spreads the first attempts.
 */

const CONNECTIONS = scale(1000, 200);
const USERS = ['demo1', 'demo2', 'demo3', 'demo4', 'demo5'];
const PASSWORD = 'Backlay@2026';
/** The first connections open this many at a time (the storm is the reconnect, not the start). */
const START_BATCH = 50;
/** The last attempt begins about 17 s after the drop; give the stragglers time to finish it. */
const SETTLE_MS =
  RECONNECT_DELAYS_MS.reduce<number>((sum, delay) => sum + delay, 0) +
  FIRST_RETRY_JITTER_MS +
  30_000;
/**
 * The bar for 99 % back, from the moment the restarted server is up: a client that found the
 * server down waits at most the policy's longest delay (10 s) for its next attempt, plus the
 * time the server takes to answer the crowd.
 */
const BACK_BAR_MS = Math.max(...RECONNECT_DELAYS_MS) + 5_000;
/** The jitter must spread the first attempts over at least this long (it allows 1 s). */
const SPREAD_BAR_MS = 500;

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return round2(kib / 1024);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dataDir: string | undefined;
const servers: ServerProcess[] = [];
const clients: HubClient[] = [];

afterAll(async () => {
  for (const client of clients) client.stop();
  for (const server of servers) await server.stop(10_000).catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('reconnect storm', () => {
  it(`brings ${CONNECTIONS} hub connections back after a restart, spread by the reconnect policy`, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'backlay-storm-'));
    await chmod(dataDir, 0o755); // the unprivileged PostgreSQL user must reach it
    const first = await startServer({ dataDir });
    servers.push(first);
    const { base, port } = first;
    const call = httpClient(base);

    // Bettors logged in once: their sessions outlive the restart (a new login would end them).
    const users: { token: string; uid: number }[] = [];
    for (const username of USERS) {
      const answer = await call('POST', '/api/Authenticate/ValidLogin?ipAddress=127.0.0.1', {
        json: { username, password: PASSWORD, LatLong: '12.97,77.59' },
      });
      const data = (answer.body as { data?: { Token: string; uid: number } }).data;
      if (!data) throw new Error(`login ${username}: ${JSON.stringify(answer.body)}`);
      users.push({ token: data.Token, uid: data.uid });
    }
    const list = await call('GET', '/api/MarketModels/GetMarketList?sportsId=0', {
      token: users[0]!.token,
    });
    const eventIds = [
      ...new Set(
        ((list.result as { EventId: number }[] | undefined) ?? []).map((item) => item.EventId),
      ),
    ].slice(0, 10);
    if (eventIds.length === 0) eventIds.push(1);

    // Like the web, every client joins its event's group again after each (re)connect.
    let subscribeFailures = 0;
    for (let index = 0; index < CONNECTIONS; index += 1) {
      const user = users[index % users.length]!;
      const eventId = eventIds[index % eventIds.length]!;
      clients.push(
        new HubClient({
          base,
          userId: user.uid,
          token: user.token,
          onConnected: (client) => {
            client.invoke(SUBSCRIBE_EVENT, eventId).catch(() => (subscribeFailures += 1));
          },
        }),
      );
    }
    const openStarted = performance.now();
    for (let index = 0; index < clients.length; index += START_BATCH) {
      await Promise.all(clients.slice(index, index + START_BATCH).map((client) => client.start()));
    }
    const openMs = performance.now() - openStarted;
    await sleep(1000);
    const rssBefore = await rssMiB(first.pid);

    // The deploy: SIGTERM (every client told to come back), then the same server again.
    const droppedAt = performance.now();
    first.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    const downMs = performance.now() - droppedAt;
    const second = await startServer({ dataDir, port });
    servers.push(second);
    const upAt = performance.now();

    // Wait for 99 % back, then for every client to be back or to have given up.
    const target = Math.ceil(CONNECTIONS * 0.99);
    const back = () =>
      clients.filter((client) => client.droppedAt.length > 0 && client.state === 'connected')
        .length;
    let back99At: number | undefined;
    const deadline = droppedAt + SETTLE_MS;
    while (performance.now() < deadline) {
      if (back99At === undefined && back() >= target) back99At = performance.now();
      if (
        clients.every((client) => client.state === 'connected' || client.state === 'disconnected')
      )
        break;
      await sleep(25);
    }
    await sleep(1000);
    const rssAfter = await rssMiB(second.pid);

    // Every attempt of the reconnect cycle: refused ones while the server was down are expected;
    // any other failure, or a refusal by the server once up again, is a handshake error.
    const reconnects = clients.flatMap((client) => client.attempts.filter((a) => a.cycle === 1));
    const handshakeErrors = reconnects.filter(
      (attempt) => !attempt.ok && (attempt.kind === 'error' || attempt.startedAt >= upAt),
    );
    const told = clients.filter((client) =>
      client.closes.some((close) => close.allowReconnect === true),
    ).length;
    const gaveUp = clients.filter((client) => client.gaveUp).length;
    const firstAttempts = clients.flatMap((client) => {
      const attempt = client.attempts.find((a) => a.cycle === 1 && a.retry === 0);
      return attempt ? [attempt.startedAt] : [];
    });
    const spreadMs =
      firstAttempts.length > 0 ? Math.max(...firstAttempts) - Math.min(...firstAttempts) : 0;
    const firstDelays = clients.flatMap((client) => {
      const drop = client.droppedAt[0];
      const attempt = client.attempts.find((a) => a.cycle === 1 && a.retry === 0);
      return drop !== undefined && attempt ? [attempt.startedAt - drop] : [];
    });
    const backTimes = clients.flatMap((client) =>
      client.droppedAt.length > 0 && client.connectedAt.length > 1
        ? [client.connectedAt.at(-1)! - upAt]
        : [],
    );
    const backMs = back99At === undefined ? Number.POSITIVE_INFINITY : back99At - upAt;

    const outcomes = new Map<string, number>();
    for (const attempt of reconnects) {
      const key = `attempt ${attempt.retry + 1} ${attempt.ok ? 'ok' : (attempt.kind ?? 'error')}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    const firstScheduled = reconnects.filter((a) => a.retry === 0).map((a) => a.delayMs);
    const name = (text: string) => `reconnect storm: ${text}`;
    record({ suite: 'crash', name: name('connections'), value: CONNECTIONS });
    record({
      suite: 'crash',
      name: name('first open of all connections (ms)'),
      value: round2(openMs),
    });
    record({
      suite: 'crash',
      name: name('server down, SIGTERM to exit (ms)'),
      value: round2(downMs),
    });
    record({
      suite: 'crash',
      name: name('server start again (ms)'),
      value: round2(second.startMs),
    });
    record({
      suite: 'crash',
      name: name('clients told to reconnect (Close, allowReconnect)'),
      value: `${told}/${CONNECTIONS}`,
      bar: 'all',
      pass: told === CONNECTIONS,
    });
    record({
      suite: 'crash',
      name: name('time until 99 % back, from the server up (ms)'),
      value: Number.isFinite(backMs) ? round2(backMs) : 'never',
      bar: `< ${BACK_BAR_MS}`,
      pass: backMs < BACK_BAR_MS,
    });
    record({
      suite: 'crash',
      name: name('time until 99 % back, from the drop (ms)'),
      value: back99At === undefined ? 'never' : round2(back99At - droppedAt),
    });
    record({
      suite: 'crash',
      name: name('back after the server up, p50 / max (ms)'),
      value: `${round2(percentile(backTimes, 50))} / ${round2(percentile(backTimes, 100))}`,
    });
    record({
      suite: 'crash',
      name: name('handshake errors'),
      value: handshakeErrors.length,
      bar: '= 0',
      pass: handshakeErrors.length === 0,
    });
    record({
      suite: 'crash',
      name: name('reconnect attempts'),
      value: [...outcomes]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, count]) => `${key}: ${count}`)
        .join('; '),
    });
    record({
      suite: 'crash',
      name: name('clients that gave up'),
      value: gaveUp,
      bar: '= 0',
      pass: gaveUp === 0,
    });
    record({
      suite: 'crash',
      name: name('first attempts spread (ms)'),
      value: round2(spreadMs),
      bar: `>= ${SPREAD_BAR_MS}`,
      pass: spreadMs >= SPREAD_BAR_MS,
    });
    record({
      suite: 'crash',
      name: name('first attempt after the drop, p5 / p50 / p95 (ms)'),
      value: [5, 50, 95].map((p) => round2(percentile(firstDelays, p))).join(' / '),
    });
    record({ suite: 'crash', name: name('server RSS before, MiB'), value: rssBefore });
    record({ suite: 'crash', name: name('server RSS after, MiB'), value: rssAfter });
    record({ suite: 'crash', name: name('group joins failed'), value: subscribeFailures });

    expect(told).toBe(CONNECTIONS);
    expect(
      handshakeErrors.slice(0, 5).map((attempt) => attempt.detail),
      `${handshakeErrors.length} handshake errors`,
    ).toEqual([]);
    expect(gaveUp).toBe(0);
    expect(back()).toBe(CONNECTIONS);
    expect(backMs).toBeLessThan(BACK_BAR_MS);
    expect(spreadMs).toBeGreaterThanOrEqual(SPREAD_BAR_MS);
    // The policy chose every first delay within the jitter, and spread them over most of it.
    expect(firstScheduled).toHaveLength(CONNECTIONS);
    expect(Math.min(...firstScheduled)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...firstScheduled)).toBeLessThan(FIRST_RETRY_JITTER_MS);
    expect(Math.max(...firstScheduled) - Math.min(...firstScheduled)).toBeGreaterThanOrEqual(
      SPREAD_BAR_MS,
    );
  });
});
