import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { record, round2, scale } from '../figures.js';
import { HubClient } from '../support/hub-client.js';
import { startServer, type ServerProcess } from '../support/server-process.js';

/**
 * Graceful stop (docs/reliability.md, "Graceful stop"): SIGTERM while requests are in flight,
 * keep-alive connections are open and hub clients are connected. The server stops accepting
 * connections, answers a request arriving on an open keep-alive connection 503 with
 * `Connection: close`, finishes every request in flight, tells hub clients to come back later
 * (Close with allowReconnect), then stops PostgreSQL cleanly: the next start needs no crash
 * recovery.
 */

const PASSWORD = 'Backlay@2026';
const LOGIN_PATH = '/api/Authenticate/ValidLogin?ipAddress=127.0.0.1';
const LAT_LONG = '12.97,77.59';
/** Requests in flight at SIGTERM: logins (argon2, tens of ms each) and reads. */
const IN_FLIGHT = scale(96, 48);
const KEEP_ALIVE_SOCKETS = scale(20, 8);
const HUB_CLIENTS = scale(50, 20);
const DRAINING_BODY = {
  Status: false,
  Result: 'The server is restarting. Please try again in a moment.',
};

interface Reply {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** One request on a connection of its own. */
function request(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: { json?: unknown } = {},
): Promise<Reply> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise<Reply>((resolve, reject) => {
    const outgoing = http.request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers:
          body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function login(base: string, username: string): Promise<{ token: string; uid: number }> {
  const answer = await request(base, 'POST', LOGIN_PATH, {
    json: { username, password: PASSWORD, LatLong: LAT_LONG },
  });
  const parsed = JSON.parse(answer.body) as {
    Status?: boolean;
    data?: { Token: string; uid: number };
  };
  if (!parsed.Status || !parsed.data) throw new Error(`login ${username}: ${answer.body}`);
  return { token: parsed.data.Token, uid: parsed.data.uid };
}

/**
 * A raw keep-alive connection: one whole request answered, then a second one sent up to its
 * last header line and held there — a client in the middle of sending, whose connection the
 * server cannot take for idle — and finished on `finish()`.
 */
class KeepAliveConnection {
  private buffer = Buffer.alloc(0);
  private waiter: ((reply: Reply | Error) => void) | undefined;
  private ended = false;

  private constructor(
    private readonly socket: Socket,
    private readonly host: string,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.check();
    });
    const end = (error?: Error) => {
      this.ended = true;
      this.waiter?.(error ?? new Error('closed by the server before an answer'));
      this.waiter = undefined;
    };
    socket.on('end', () => end());
    socket.on('error', (error) => end(error));
  }

  static open(port: number): Promise<KeepAliveConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1' }, () =>
        resolve(new KeepAliveConnection(socket, `127.0.0.1:${port}`)),
      );
      socket.once('error', reject);
    });
  }

  get closed(): boolean {
    return this.ended;
  }

  /** A whole request, answered on this connection. */
  send(
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; json?: unknown } = {},
  ): Promise<Reply | Error> {
    const answer = this.next();
    this.socket.write(this.head(method, path, options) + '\r\n' + (this.bodyOf(options) ?? ''));
    return answer;
  }

  /** Sends a GET up to its last header line; the blank line that ends it waits for `finish`. */
  hold(path: string): void {
    this.socket.write(this.head('GET', path, {}));
  }

  finish(): Promise<Reply | Error> {
    const answer = this.next();
    this.socket.write('\r\n');
    return answer;
  }

  private bodyOf(options: { json?: unknown }): string | undefined {
    return options.json === undefined ? undefined : JSON.stringify(options.json);
  }

  private head(
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; json?: unknown },
  ): string {
    const body = this.bodyOf(options);
    return [
      `${method} ${path} HTTP/1.1`,
      `Host: ${this.host}`,
      'Connection: keep-alive',
      ...(options.token ? [`Authorization: Bearer ${options.token}`] : []),
      ...(body === undefined
        ? []
        : ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`]),
      '',
    ].join('\r\n');
  }

  destroy(): void {
    this.socket.destroy();
  }

  private next(): Promise<Reply | Error> {
    return new Promise((resolve) => {
      if (this.ended) return resolve(new Error('closed by the server before an answer'));
      this.waiter = resolve;
      this.check();
    });
  }

  private check(): void {
    if (!this.waiter) return;
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
    const headers: http.IncomingHttpHeaders = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < headEnd + 4 + length) return;
    const body = this.buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(headEnd + 4 + length);
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter({ status, headers, body });
  }
}

/** The drain's answer: 503, `Connection: close`, `Retry-After: 5` and the envelope. */
function isDraining(reply: Reply | Error): boolean {
  if (reply instanceof Error || reply.status !== 503) return false;
  let body: unknown;
  try {
    body = JSON.parse(reply.body);
  } catch {
    return false;
  }
  return (
    reply.headers.connection === 'close' &&
    reply.headers['retry-after'] === '5' &&
    JSON.stringify(body) === JSON.stringify(DRAINING_BODY)
  );
}

/** Resolves once a new TCP connection to the port is refused; false if `until` settles first. */
async function refusedBefore(port: number, until: Promise<unknown>): Promise<boolean> {
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

let dataDir: string | undefined;
const servers: ServerProcess[] = [];
const hubClients: HubClient[] = [];

afterAll(async () => {
  for (const client of hubClients) client.stop();
  for (const server of servers) await server.stop(10_000).catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('graceful stop', () => {
  it('drains on SIGTERM: in-flight requests finish, keep-alive gets 503, hub clients are told to come back, PostgreSQL stops cleanly', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'backlay-graceful-'));
    await chmod(dataDir, 0o755); // the unprivileged PostgreSQL user must reach it
    const server = await startServer({ dataDir, env: { LOGIN_ACCOUNT_LIMIT: '100000' } });
    servers.push(server);
    const { base, port } = server;

    // Hub clients of two users; the in-flight logins are of other users, so no hub session ends.
    const hubUsers = [await login(base, 'demo1'), await login(base, 'demo2')];
    for (let index = 0; index < HUB_CLIENTS; index += 1) {
      const user = hubUsers[index % hubUsers.length]!;
      hubClients.push(new HubClient({ base, userId: user.uid, token: user.token }));
    }
    await Promise.all(hubClients.map((client) => client.start()));
    const reader = hubUsers[0]!;

    // Keep-alive connections, each answered once, then holding a half-sent request.
    const keepAlive = await Promise.all(
      Array.from({ length: KEEP_ALIVE_SOCKETS }, () => KeepAliveConnection.open(port)),
    );
    // Connections for the requests in flight, accepted and answered once before.
    const busy = await Promise.all(
      Array.from({ length: IN_FLIGHT }, () => KeepAliveConnection.open(port)),
    );
    const warm = await Promise.all(
      [...keepAlive, ...busy].map((connection) => connection.send('GET', '/api/health')),
    );
    for (const reply of warm) expect(reply).toMatchObject({ status: 200 });
    for (const connection of keepAlive) connection.hold('/api/health');

    // Requests in flight: logins (valid ones and unknown users, each a full argon2 verify) and reads.
    const finishedAt: (number | undefined)[] = busy.map(() => undefined);
    const outcomes = Promise.all(
      busy.map((connection, index) => {
        const sent = (() => {
          switch (index % 4) {
            case 0:
              return connection.send('POST', LOGIN_PATH, {
                json: { username: `demo${3 + (index % 3)}`, password: PASSWORD, LatLong: LAT_LONG },
              });
            case 1:
              return connection.send('POST', LOGIN_PATH, {
                json: { username: `nobody${index}`, password: PASSWORD, LatLong: LAT_LONG },
              });
            case 2:
              return connection.send('GET', '/api/AmountModels/GetBalanceDetail', {
                token: reader.token,
              });
            default:
              return connection.send('GET', '/api/health');
          }
        })();
        return sent.then((reply) => {
          finishedAt[index] = performance.now();
          return reply;
        });
      }),
    );
    // Long enough for the server to have read every request, short of the logins' argon2 time.
    await new Promise((resolve) => setTimeout(resolve, 50));

    const outputBefore = server.output().length;
    const sigtermAt = performance.now();
    server.kill('SIGTERM');
    const exited = server.exited;

    // New connections are refused once the listener closes (the process still draining).
    const refused = await refusedBefore(port, exited);
    expect(refused, 'a new connection is refused while the server drains').toBe(true);
    // The held requests arrive now, on connections opened before: 503 with Connection: close.
    const late = await Promise.all(keepAlive.map((connection) => connection.finish()));

    const replies = await outcomes;
    const { code, signal } = await exited;
    const stopMs = performance.now() - sigtermAt;
    const output = server.output();

    // A request the server read only after SIGTERM is refused before it began (503, retry
    // later), which a slow machine may do to one sent just before; any other 5xx or a lost
    // connection is a request that failed mid-flight.
    const refusedLate = replies.filter((reply) => isDraining(reply));
    const failed = replies.filter(
      (reply) => reply instanceof Error || (reply.status >= 500 && !isDraining(reply)),
    );
    const stillInFlight = finishedAt.filter((at) => at !== undefined && at > sigtermAt).length;
    record({
      suite: 'crash',
      name: 'graceful stop: requests in flight at SIGTERM',
      value: `${stillInFlight}/${IN_FLIGHT}`,
    });
    record({
      suite: 'crash',
      name: 'graceful stop: requests sent before SIGTERM but read after it (503)',
      value: refusedLate.length,
    });
    record({
      suite: 'crash',
      name: 'graceful stop: requests failed mid-flight',
      value: failed.length,
      bar: '= 0',
      pass: failed.length === 0,
    });
    const drained = late.filter((reply) => isDraining(reply));
    record({
      suite: 'crash',
      name: 'graceful stop: keep-alive requests after SIGTERM answered 503 + Connection: close',
      value: `${drained.length}/${late.length}`,
      bar: 'all',
      pass: drained.length === late.length,
    });
    const told = hubClients.filter((client) =>
      client.closes.some(
        (close) => close.allowReconnect === true && close.error === 'Server is restarting',
      ),
    );
    record({
      suite: 'crash',
      name: 'graceful stop: hub clients told to reconnect (Close, allowReconnect)',
      value: `${told.length}/${hubClients.length}`,
      bar: 'all',
      pass: told.length === hubClients.length,
    });
    record({ suite: 'crash', name: 'graceful stop: SIGTERM to exit (ms)', value: round2(stopMs) });

    expect(stillInFlight, 'some requests were still in flight at SIGTERM').toBeGreaterThan(0);
    expect(
      failed.map((reply) =>
        reply instanceof Error ? reply.message : `${reply.status} ${reply.body}`,
      ),
    ).toEqual([]);
    expect(late.map((reply) => (reply instanceof Error ? reply.message : reply.status))).toEqual(
      late.map(() => 503),
    );
    expect(drained).toHaveLength(late.length);
    expect(told).toHaveLength(hubClients.length);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const drainLog = output.slice(outputBefore);
    expect(drainLog).toContain('PostgreSQL stopped');
    expect(drainLog).not.toContain('did not stop cleanly');
    for (const connection of [...keepAlive, ...busy]) connection.destroy();
    for (const client of hubClients) client.stop();

    // The next start on the same data needs no crash recovery.
    const postgresLog = join(dataDir, 'postgres.log');
    const logBefore = (await stat(postgresLog)).size;
    const again = await startServer({ dataDir, port });
    servers.push(again);
    const recoveryLog = (await readFile(postgresLog)).subarray(logBefore).toString('utf8');
    const recovered =
      /database system was not properly shut down|automatic recovery in progress/.test(recoveryLog);
    record({
      suite: 'crash',
      name: 'graceful stop: crash recovery at the next start',
      value: recovered ? 'yes' : 'no',
      bar: 'no',
      pass: !recovered,
    });
    expect(recovered, recoveryLog).toBe(false);
    expect((await request(again.base, 'GET', '/api/health')).status).toBe(200);
    expect(await again.stop()).toEqual({ code: 0, signal: null });
    servers.length = 0;
  });
});
