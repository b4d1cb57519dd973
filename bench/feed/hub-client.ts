import { HUB_PATH, SUBSCRIBE_EVENT } from '@backlay/contract/hub';
import WebSocket from 'ws';
import { hubTicket, login } from '../lib/hub-login.js';

/**
 * One hub client of the built server, connected as the web's `@microsoft/signalr` connects and as
 * hub-fanout's clients do (bench/hub-fanout/hub-fanout.perf.ts): a demo client's login, a ticket
 * for negotiate, another for the upgrade, the JSON handshake, SubscribeEvent, and a ping every
 * 15 s (the hub drops a client silent for 30 s). Every record it receives goes to `onRecord`
 * with the moment it arrived (epoch ms, sub-millisecond); `baselineClient` hears the baseline's
 * bare WebSocket the same way.
 */

const RS = '\u001e';
const HANDSHAKE = `${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`;
const PING = `${JSON.stringify({ type: 6 })}${RS}`;
const KEEP_ALIVE_MS = 15_000;

/**
 * Epoch milliseconds with the monotonic clock's resolution: Date.now()'s integer milliseconds
 * are too coarse for a latency of a few. Calibrated at the edge of a Date.now() millisecond
 * (`calibrate`), so it reads the same wall clock as the server's Seq.
 */
export const wallClock = {
  offset: Date.now() - performance.now(),
  now(): number {
    return this.offset + performance.now();
  },
  /**
   * Waits for Date.now() to turn over a millisecond: that edge is `offset + performance.now()`.
   * The median of 7 edges: here Date.now() now and then turns over up to a millisecond late.
   */
  calibrate(): void {
    const offsets: number[] = [];
    for (let edge = 0; edge < 7; edge += 1) {
      const start = Date.now();
      let at = Date.now();
      while (at === start) at = Date.now();
      offsets.push(at - performance.now());
    }
    this.offset = offsets.sort((a, b) => a - b)[3]!;
  },
};

export interface HubRecord {
  readonly type: number;
  readonly target?: string;
  readonly arguments?: unknown[];
}

function opened(address: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(address);
    socket.once('open', () => {
      socket.off('error', reject);
      socket.on('error', () => {});
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Sends `text` and waits for the first message `done` accepts; an error answer rejects. */
function exchange(socket: WebSocket, text: string, done: (answer: string) => boolean) {
  return new Promise<void>((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const answer = (data as Buffer).toString();
      if (answer.includes('"error"')) finish(new Error(answer));
      else if (done(answer)) finish();
    };
    const onClose = () => finish(new Error('closed during the handshake'));
    const finish = (error?: Error) => {
      socket.off('message', onMessage);
      socket.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    socket.on('message', onMessage);
    socket.on('close', onClose);
    socket.send(text);
  });
}

export interface HubClient {
  /** How the connection ended, if it did (the bench checks it stayed up). */
  readonly closed: () => string | undefined;
  close(): void;
}

/** Logs `username` in, connects to the hub and subscribes to `eventId`. */
export async function subscribedHubClient(
  base: string,
  username: string,
  eventId: number,
  onRecord: (record: HubRecord, arrivedAt: number) => void,
): Promise<HubClient> {
  const user = await login(base, username);
  const negotiated = await fetch(
    `${base}${HUB_PATH}/negotiate?userId=${user.uid}&negotiateVersion=1`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${await hubTicket(base, user.token)}` },
    },
  );
  const { connectionToken } = (await negotiated.json()) as { connectionToken?: string };
  if (!connectionToken) throw new Error(`negotiate: ${negotiated.status}`);
  const access = await hubTicket(base, user.token);
  const socket = await opened(
    `${base.replace('http:', 'ws:')}${HUB_PATH}?userId=${user.uid}&id=${connectionToken}&access_token=${encodeURIComponent(access)}`,
  );
  await exchange(socket, HANDSHAKE, (answer) => answer.startsWith(`{}${RS}`));
  // Listening before SubscribeEvent: the hub sends the event's snapshot right after joining.
  const listening = listen(socket, onRecord);
  const invocation = { type: 1, invocationId: '1', target: SUBSCRIBE_EVENT, arguments: [eventId] };
  await exchange(socket, `${JSON.stringify(invocation)}${RS}`, (answer) =>
    answer.includes('"type":3'),
  );
  const pings = setInterval(() => {
    if (socket.readyState === WebSocket.OPEN) socket.send(PING);
  }, KEEP_ALIVE_MS);
  return {
    closed: listening.closed,
    close() {
      clearInterval(pings);
      socket.terminate();
    },
  };
}

/** A client of bench/feed/baseline-server.mjs: a bare WebSocket, heard the same way. */
export async function baselineClient(
  port: number,
  onRecord: (record: HubRecord, arrivedAt: number) => void,
): Promise<HubClient> {
  const socket = await opened(`ws://127.0.0.1:${port}/`);
  const listening = listen(socket, onRecord);
  return { closed: listening.closed, close: () => socket.terminate() };
}

/** Hands every record of every message to `onRecord` with the moment the message arrived. */
function listen(socket: WebSocket, onRecord: (record: HubRecord, arrivedAt: number) => void) {
  let closed: string | undefined;
  socket.on('close', (code) => (closed = `socket closed ${code}`));
  socket.on('message', (data: WebSocket.RawData) => {
    const arrivedAt = wallClock.now();
    for (const text of (data as Buffer).toString().split(RS)) {
      if (text === '') continue;
      const record = JSON.parse(text) as HubRecord;
      if (record.type === 7) closed = `hub closed: ${text}`;
      onRecord(record, arrivedAt);
    }
  });
  return { closed: () => closed };
}
