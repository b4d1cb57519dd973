import { getHubTicket, HUB_PATH, reconnectDelayMs } from '@backlay/contract/hub';
import WebSocket from 'ws';

/**
 * A minimal hub client for load (the graceful stop and reconnect storm proofs, and the normal
 * client beside hostile ones): the SignalR JSON protocol over a raw WebSocket, as
 * `@microsoft/signalr` speaks it to our server (docs/signalr-protocol.md). Every
 * connection attempt fetches a fresh single-use ticket for negotiate and another for the upgrade
 * (the official client calls its `accessTokenFactory` for each), and a dropped connection
 * reconnects on the web's own policy (`reconnectDelayMs`, contract), giving up after the last
 * delay as the official client does.
 */

const RS = '\u001e';
const HANDSHAKE = `${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`;
const PING = `${JSON.stringify({ type: 6 })}${RS}`;
/** The official client's keep-alive interval; the server drops a client silent for 30 s. */
const KEEP_ALIVE_MS = 15_000;
/** One attempt (tickets, negotiate, upgrade, handshake) fails after this long. */
const ATTEMPT_TIMEOUT_MS = 30_000;
/** Refusals that only say the server is not there (down, or draining before a restart). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

export type HubState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** One connection attempt: `unavailable` is a refused connection or a 503 (server down or draining). */
export interface HubAttempt {
  /** 0 for the first start, then 1 for the first reconnect cycle, 2 for the next, … */
  readonly cycle: number;
  /** The attempt's number within its cycle, from 0. */
  readonly retry: number;
  /** The policy's wait before it (0 for the first start). */
  readonly delayMs: number;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly ok: boolean;
  readonly kind?: 'unavailable' | 'error';
  readonly detail?: string;
}

export interface HubClose {
  readonly at: number;
  readonly error?: string;
  readonly allowReconnect?: boolean;
}

export interface HubClientOptions {
  /** http://host:port of the server. */
  readonly base: string;
  readonly userId: number;
  /** The client's bearer token (login). */
  readonly token: string;
  /** [0, 1): the first reconnect delay's jitter. */
  readonly random?: () => number;
  /** Called after every successful (re)connect, e.g. to join groups again. */
  readonly onConnected?: (client: HubClient) => void;
}

class AttemptFailure extends Error {
  constructor(
    readonly kind: 'unavailable' | 'error',
    message: string,
  ) {
    super(message);
  }
}

function textOf(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

function failureOf(error: unknown, step: string): AttemptFailure {
  if (error instanceof AttemptFailure) return error;
  const code = codeOf(error);
  const text = error instanceof Error ? error.message : String(error);
  return new AttemptFailure(
    code !== undefined && UNAVAILABLE_CODES.has(code) ? 'unavailable' : 'error',
    `${step}: ${code ?? text}`,
  );
}

export class HubClient {
  state: HubState = 'idle';
  readonly attempts: HubAttempt[] = [];
  readonly closes: HubClose[] = [];
  /** When each (re)connection finished its handshake. */
  readonly connectedAt: number[] = [];
  /** When each drop was noticed (a reconnect cycle began). */
  readonly droppedAt: number[] = [];
  /**
   * Which instance took each connection, behind the scale suite's balancer (the X-Served-By
   * header of the upgrade's answer), in the order of `connectedAt`.
   */
  readonly servedBy: (string | undefined)[] = [];
  private upgradedBy: string | undefined;
  /** Invocations (type 1) received, by target. */
  readonly received = new Map<string, number>();
  gaveUp = false;

  private socket: WebSocket | undefined;
  private keepAlive: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private buffer = '';
  private invocationId = 0;
  private readonly pending = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private stopped = false;

  constructor(private readonly options: HubClientOptions) {}

  /** The first connection; rejects when it fails (the web retries a failed start itself). */
  async start(): Promise<void> {
    this.state = 'connecting';
    await this.attempt(0, 0);
  }

  /** Calls a hub method and waits for its completion. */
  invoke(target: string, ...args: unknown[]): Promise<unknown> {
    const socket = this.socket;
    if (this.state !== 'connected' || !socket) return Promise.reject(new Error('Not connected'));
    this.invocationId += 1;
    const invocationId = String(this.invocationId);
    return new Promise((resolve, reject) => {
      this.pending.set(invocationId, { resolve, reject });
      socket.send(`${JSON.stringify({ type: 1, invocationId, target, arguments: args })}${RS}`);
    });
  }

  /** Leaves as the official client's `stop()` does: a Close, then the socket closes. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.keepAlive);
    const socket = this.socket;
    this.socket = undefined;
    if (socket?.readyState === WebSocket.OPEN) {
      socket.send(`${JSON.stringify({ type: 7 })}${RS}`);
      socket.close();
    } else socket?.terminate();
    this.state = 'disconnected';
  }

  private async attempt(retry: number, delayMs: number): Promise<void> {
    const startedAt = performance.now();
    const cycle = this.droppedAt.length;
    try {
      await this.connect();
      this.attempts.push({
        cycle,
        retry,
        delayMs,
        startedAt,
        endedAt: performance.now(),
        ok: true,
      });
      this.state = 'connected';
      this.connectedAt.push(performance.now());
      this.servedBy.push(this.upgradedBy);
      this.options.onConnected?.(this);
    } catch (error) {
      const failure = failureOf(error, 'connect');
      this.attempts.push({
        cycle,
        retry,
        delayMs,
        startedAt,
        endedAt: performance.now(),
        ok: false,
        kind: failure.kind,
        detail: failure.message,
      });
      throw failure;
    }
  }

  private async ticket(signal: AbortSignal): Promise<string> {
    let response: Response;
    try {
      response = await fetch(`${this.options.base}${getHubTicket.path}`, {
        method: getHubTicket.method,
        headers: { authorization: `Bearer ${this.options.token}` },
        signal,
      });
    } catch (error) {
      throw failureOf(error, 'ticket');
    }
    const text = await response.text().catch(() => '');
    if (response.status === 503) throw new AttemptFailure('unavailable', 'ticket: 503');
    let body: { Status?: unknown; Result?: { ticket?: unknown } } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    const ticket = body?.Status === true ? body.Result?.ticket : undefined;
    if (response.status !== 200 || typeof ticket !== 'string')
      throw new AttemptFailure('error', `ticket: ${response.status} ${text.slice(0, 120)}`);
    return ticket;
  }

  private async negotiate(signal: AbortSignal): Promise<string> {
    const ticket = await this.ticket(signal);
    let response: Response;
    try {
      response = await fetch(
        `${this.options.base}${HUB_PATH}/negotiate?userId=${this.options.userId}&negotiateVersion=1`,
        { method: 'POST', headers: { authorization: `Bearer ${ticket}` }, signal },
      );
    } catch (error) {
      throw failureOf(error, 'negotiate');
    }
    const text = await response.text().catch(() => '');
    if (response.status === 503) throw new AttemptFailure('unavailable', 'negotiate: 503');
    let body: { connectionToken?: unknown; error?: unknown } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    if (response.status !== 200 || typeof body?.connectionToken !== 'string')
      throw new AttemptFailure('error', `negotiate: ${response.status} ${text.slice(0, 120)}`);
    return body.connectionToken;
  }

  private async connect(): Promise<void> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      const connectionToken = await this.negotiate(controller.signal);
      const ticket = await this.ticket(controller.signal);
      const url = new URL(`${this.options.base}${HUB_PATH}`);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      // The browser's form: the ticket in the query (docs/signalr-protocol.md §2.6).
      const address = `${url.toString()}?userId=${this.options.userId}&id=${connectionToken}&access_token=${encodeURIComponent(ticket)}`;
      await this.open(address, controller.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Opens the socket and completes the handshake. */
  private open(address: string, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(address);
      let settled = false;
      const fail = (failure: AttemptFailure) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        socket.removeAllListeners();
        socket.on('error', () => {});
        socket.terminate();
        reject(failure);
      };
      const onAbort = () => fail(new AttemptFailure('error', 'timed out'));
      signal.addEventListener('abort', onAbort);
      socket.on('unexpected-response', (request, response) => {
        response.resume();
        request.destroy();
        const status = response.statusCode ?? 0;
        fail(new AttemptFailure(status === 503 ? 'unavailable' : 'error', `upgrade: ${status}`));
      });
      socket.on('error', (error) => fail(failureOf(error, 'upgrade')));
      socket.on('close', (code) =>
        fail(new AttemptFailure('error', `closed in handshake (${code})`)),
      );
      socket.on('upgrade', (response) => {
        const header = response.headers['x-served-by'];
        this.upgradedBy = Array.isArray(header) ? header[0] : header;
      });
      socket.on('open', () => socket.send(HANDSHAKE));
      socket.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
        if (settled) return;
        if (isBinary) return fail(new AttemptFailure('error', 'binary frame in handshake'));
        const text = textOf(data);
        const end = text.indexOf(RS);
        if (end < 0) return fail(new AttemptFailure('error', 'incomplete handshake'));
        let answer: { error?: unknown; type?: unknown } | undefined;
        try {
          answer = JSON.parse(text.slice(0, end)) as typeof answer;
        } catch {
          answer = undefined;
        }
        if (!answer || answer.error !== undefined || answer.type !== undefined)
          return fail(new AttemptFailure('error', `handshake: ${text.slice(0, end)}`));
        settled = true;
        signal.removeEventListener('abort', onAbort);
        socket.removeAllListeners();
        this.adopt(socket, text.slice(end + 1));
        resolve();
      });
    });
  }

  /** A connected socket: pings, messages, and the reconnect when it drops. */
  private adopt(socket: WebSocket, rest: string): void {
    this.socket = socket;
    this.buffer = '';
    socket.send(PING);
    this.keepAlive = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send(PING);
    }, KEEP_ALIVE_MS);
    socket.on('message', (data: WebSocket.RawData) => {
      this.onText(socket, textOf(data));
    });
    socket.on('error', () => {});
    socket.on('close', () => this.dropped(socket, true));
    if (rest.length > 0) this.onText(socket, rest);
  }

  private onText(socket: WebSocket, text: string): void {
    this.buffer += text;
    const records = this.buffer.split(RS);
    this.buffer = records.pop() ?? '';
    for (const record of records) {
      if (record.length === 0) continue;
      let message: {
        type?: number;
        target?: string;
        invocationId?: string;
        error?: string;
        result?: unknown;
        allowReconnect?: boolean;
      };
      try {
        message = JSON.parse(record) as typeof message;
      } catch {
        // The official client drops a connection that sends malformed JSON.
        this.dropped(socket, true);
        socket.terminate();
        return;
      }
      if (message.type === 1 && message.target) {
        const target = message.target;
        this.received.set(target, (this.received.get(target) ?? 0) + 1);
      } else if (message.type === 3 && message.invocationId) {
        const waiter = this.pending.get(message.invocationId);
        this.pending.delete(message.invocationId);
        if (message.error) waiter?.reject(new Error(message.error));
        else waiter?.resolve(message.result);
      } else if (message.type === 7) {
        this.closes.push({
          at: performance.now(),
          ...(message.error !== undefined ? { error: message.error } : {}),
          ...(message.allowReconnect !== undefined
            ? { allowReconnect: message.allowReconnect }
            : {}),
        });
        this.dropped(socket, message.allowReconnect === true);
        socket.terminate();
        return;
      }
    }
  }

  /** As the official client: a Close with allowReconnect or a lost socket starts reconnecting. */
  private dropped(socket: WebSocket, reconnect: boolean): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    clearInterval(this.keepAlive);
    for (const waiter of this.pending.values()) waiter.reject(new Error('Connection lost'));
    this.pending.clear();
    if (this.stopped) return;
    if (!reconnect) {
      this.state = 'disconnected';
      return;
    }
    this.state = 'reconnecting';
    this.droppedAt.push(performance.now());
    this.scheduleRetry(0);
  }

  private scheduleRetry(retry: number): void {
    const delay = reconnectDelayMs(retry, this.options.random ?? Math.random);
    if (delay === null) {
      this.gaveUp = true;
      this.state = 'disconnected';
      return;
    }
    this.retryTimer = setTimeout(() => {
      if (this.stopped) return;
      this.attempt(retry, delay).catch(() => {
        if (!this.stopped) this.scheduleRetry(retry + 1);
      });
    }, delay);
  }
}
