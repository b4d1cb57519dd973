import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import type {
  MarketChange,
  MarketChangeMessage,
  MarketDefinition,
  RunnerChange,
} from '../src/feed/betfair/messages.js';

/**
 * A small Exchange Stream API server for the live adapter's tests (src/feed/betfair/stream.ts):
 * TLS on 127.0.0.1 with a certificate made for the test, CRLF-separated JSON lines, and a
 * recording standing in for the exchange. The exchange stands at `position` (the recorded
 * messages applied so far), which is also the `clk` it hands out, so a resubscription's clk says
 * exactly what the client already has. Images and RESUB_DELTAs carry full ladders (`atb`, `atl`)
 * as recorded, whatever the subscription's fields say.
 */
export interface EsaServerOptions {
  readonly messages: readonly MarketChangeMessage[];
  /** Recorded messages the exchange has applied before the first subscription. */
  readonly at: number;
  readonly appKey: string;
  /** The one session token accepted; any other is refused with INVALID_SESSION_INFORMATION. */
  readonly session: string;
  /** Answers in this many messages, SEG_START … SEG_END (1: one message, not segmented). */
  readonly segments?: number;
  /** Cuts the first answer after SEG_START and one SEG (see `cutMidImage()`). */
  readonly cutMidImage?: boolean;
  /** Removes the event's, market's and runners' names, as the live stream sends none. */
  readonly stripNames?: boolean;
}

export interface EsaServer {
  readonly port: number;
  /** The certificate's file: the client's `ca`. */
  readonly ca: string;
  /** The clk of the exchange's current state: the count of recorded messages applied. */
  readonly clk: string;
  readonly initialClk: string;
  /** Every request clients sent, in order. */
  readonly received: Record<string, unknown>[];
  /** Every `mcm` sent but heartbeats, in order. */
  readonly sent: MarketChangeMessage[];
  /** Connections served, and those refused (closed at once). */
  readonly connections: number;
  readonly refused: number;
  /** Connections open and subscribed now (a client's close is seen here when its FIN arrives). */
  readonly subscribers: number;
  /** Applies the next `count` recorded messages; each goes to subscribed clients with its clk. */
  push(count: number): void;
  /** Destroys every client's socket. */
  cut(): void;
  /** Closes every new connection at once, until `accept()`: the exchange out of reach. */
  refuse(): void;
  accept(): void;
  /** Open sockets get nothing more, not even heartbeats (a new connection is served). */
  silence(): void;
  sendRaw(line: string): void;
  /** An `mcm` with status 503: the stream lags behind the exchange. */
  send503(): void;
  /**
   * The next segmented answer stops after SEG_START and one SEG and its socket is destroyed; new
   * connections are then refused until `accept()`, so a test can look between the cut and the next.
   */
  cutMidImage(): void;
  /** As `cutMidImage`, but the socket stays open and silent: the client must notice by itself. */
  stallMidImage(): void;
  close(): Promise<void>;
}

const INITIAL_CLK = 'esa-initial';

interface Client {
  readonly socket: tls.TLSSocket;
  authenticated: boolean;
  subscribed: boolean;
  silent: boolean;
  heartbeat?: NodeJS.Timeout;
}

type Ladder = Map<number, readonly number[]>;
interface MergedMarket {
  img: boolean;
  definition?: MarketDefinition;
  tv?: number;
  runners: Map<
    string,
    { id: number; hc?: number; ltp?: number; tv?: number; ladders: Map<string, Ladder> }
  >;
}

const PRICE_LADDERS = ['atb', 'atl', 'trd'] as const;
const LEVEL_LADDERS = ['batb', 'batl'] as const;

/**
 * What recorded messages [from, to) changed, one change a market: each ladder's last entry per
 * price (or level) wins. `asImage`: every market whole (img, no removed entries), as an image is.
 */
function merge(
  messages: readonly MarketChangeMessage[],
  from: number,
  to: number,
  asImage: boolean,
): MarketChange[] {
  const markets = new Map<string, MergedMarket>();
  for (const message of messages.slice(from, to)) {
    for (const change of message.mc ?? []) {
      let market = markets.get(change.id);
      if (!market || change.img) {
        market = {
          img: asImage || change.img === true,
          definition: market?.definition,
          runners: new Map(),
        };
        markets.set(change.id, market);
      }
      if (change.marketDefinition) market.definition = change.marketDefinition;
      if (change.tv !== undefined) market.tv = change.tv;
      for (const rc of change.rc ?? []) {
        const key = `${rc.id}:${rc.hc ?? 0}`;
        const runner = market.runners.get(key) ?? {
          id: rc.id,
          hc: rc.hc,
          ladders: new Map<string, Ladder>(),
        };
        market.runners.set(key, runner);
        if (rc.ltp !== undefined) runner.ltp = rc.ltp;
        if (rc.tv !== undefined) runner.tv = rc.tv;
        for (const name of [...PRICE_LADDERS, ...LEVEL_LADDERS]) {
          const ladder = runner.ladders.get(name) ?? new Map<number, readonly number[]>();
          runner.ladders.set(name, ladder);
          for (const entry of rc[name] ?? []) ladder.set(entry[0], entry);
        }
      }
    }
  }
  return [...markets].map(([id, market]) => ({
    id,
    ...(market.img ? { img: true } : {}),
    ...(market.definition ? { marketDefinition: market.definition } : {}),
    ...(market.tv !== undefined ? { tv: market.tv } : {}),
    rc: [...market.runners.values()].map((runner) => {
      const change: Record<string, unknown> = { id: runner.id };
      if (runner.hc !== undefined) change.hc = runner.hc;
      if (runner.ltp !== undefined) change.ltp = runner.ltp;
      if (runner.tv !== undefined) change.tv = runner.tv;
      for (const [name, ladder] of runner.ladders) {
        const entries = [...ladder.values()].filter((entry) => !asImage || entry.at(-1) !== 0);
        if (entries.length > 0) change[name] = entries;
      }
      return change as unknown as RunnerChange;
    }),
  }));
}

/** `value` without the fields `keys` names. */
const omit = <T extends object>(value: T, ...keys: string[]): T =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key))) as T;

const withoutNames = (definition: MarketDefinition): MarketDefinition => ({
  ...omit(definition, 'name', 'eventName'),
  runners: definition.runners.map((runner) => omit(runner, 'name')),
});

/** Splits an answer into `count` messages; a market's runners may run across them. */
function segment(changes: readonly MarketChange[], count: number): MarketChange[][] {
  const pieces = changes.flatMap(({ rc, ...head }) => [
    { ...head, rc: [] },
    ...(rc ?? []).map((runner) => ({ id: head.id, rc: [runner] })),
  ]);
  return Array.from({ length: count }, (_, k) =>
    pieces.slice(
      Math.floor((k * pieces.length) / count),
      Math.floor(((k + 1) * pieces.length) / count),
    ),
  );
}

async function makeCertificate(dir: string): Promise<{ cert: string; key: string }> {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  // prettier-ignore
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ]);
  return { cert, key };
}

export async function startEsaServer(options: EsaServerOptions): Promise<EsaServer> {
  const { messages } = options;
  const dir = await mkdtemp(join(tmpdir(), 'esa-server-'));
  const files = await makeCertificate(dir);
  const clients = new Set<Client>();
  const received: Record<string, unknown>[] = [];
  const sent: MarketChangeMessage[] = [];
  let position = options.at;
  let connections = 0;
  let refused = 0;
  let refusing = false;
  /** What befalls the next segmented answer after its SEG_START and one SEG. */
  let midImage: 'cut' | 'stall' | undefined = options.cutMidImage ? 'cut' : undefined;

  const ptNow = () => messages[Math.max(0, position - 1)]?.pt ?? 0;
  const named = (change: MarketChange): MarketChange =>
    options.stripNames && change.marketDefinition
      ? { ...change, marketDefinition: withoutNames(change.marketDefinition) }
      : change;
  const write = (client: Client, message: object) => {
    if (client.socket.destroyed || client.silent) return;
    if ('op' in message && message.op === 'mcm' && !('ct' in message && message.ct === 'HEARTBEAT'))
      sent.push(message as MarketChangeMessage);
    client.socket.write(`${JSON.stringify(message)}\r\n`);
  };
  const subscribed = () => [...clients].filter((client) => client.subscribed);

  function cut() {
    for (const client of clients) {
      clearInterval(client.heartbeat);
      client.socket.destroy();
    }
    clients.clear();
  }

  /** The subscription's first answer: what changed since its clk, or the whole image. */
  function answer(client: Client, request: Record<string, unknown>) {
    const from = typeof request.clk === 'string' ? Number(request.clk) : NaN;
    const resume =
      request.initialClk === INITIAL_CLK && Number.isInteger(from) && from >= 0 && from <= position;
    const ct = resume ? 'RESUB_DELTA' : 'SUB_IMAGE';
    const changes = merge(messages, resume ? from : 0, position, !resume).map(named);
    const count = Math.max(1, options.segments ?? 1);
    const parts = count === 1 ? [changes] : segment(changes, count);
    for (const [index, mc] of parts.entries()) {
      const last = index === parts.length - 1;
      const segmentType =
        count === 1 ? {} : { segmentType: index === 0 ? 'SEG_START' : last ? 'SEG_END' : 'SEG' };
      const clocks = last ? { initialClk: INITIAL_CLK, clk: String(position) } : {};
      write(client, { op: 'mcm', id: request.id, ct, ...segmentType, ...clocks, pt: ptNow(), mc });
      if (midImage && count > 2 && index === 1) {
        if (midImage === 'cut') cut();
        else {
          client.silent = true;
          clearInterval(client.heartbeat);
        }
        midImage = undefined;
        refusing = true;
        return;
      }
    }
  }

  function onRequest(client: Client, request: Record<string, unknown>) {
    received.push(request);
    const status = (fields: object) => write(client, { op: 'status', id: request.id, ...fields });
    if (request.op === 'authentication') {
      if (request.session === options.session && request.appKey === options.appKey) {
        client.authenticated = true;
        status({ statusCode: 'SUCCESS', connectionClosed: false });
      } else {
        const errorCode =
          request.appKey === options.appKey ? 'INVALID_SESSION_INFORMATION' : 'INVALID_APP_KEY';
        status({ statusCode: 'FAILURE', errorCode, connectionClosed: true });
        client.socket.end();
      }
    } else if (request.op === 'marketSubscription') {
      if (!client.authenticated) {
        status({ statusCode: 'FAILURE', errorCode: 'NO_SESSION', connectionClosed: true });
        client.socket.end();
        return;
      }
      status({ statusCode: 'SUCCESS', connectionClosed: false });
      client.subscribed = true;
      const heartbeatMs = typeof request.heartbeatMs === 'number' ? request.heartbeatMs : 5000;
      clearInterval(client.heartbeat);
      client.heartbeat = setInterval(() => {
        write(client, {
          op: 'mcm',
          id: request.id,
          clk: String(position),
          pt: ptNow(),
          ct: 'HEARTBEAT',
        });
      }, heartbeatMs);
      answer(client, request);
    }
  }

  const server = tls.createServer({
    cert: await readFile(files.cert),
    key: await readFile(files.key),
  });
  server.on('tlsClientError', () => {});
  server.on('secureConnection', (socket) => {
    socket.on('error', () => {});
    if (refusing) {
      refused += 1;
      socket.destroy();
      return;
    }
    connections += 1;
    const client: Client = { socket, authenticated: false, subscribed: false, silent: false };
    clients.add(client);
    socket.setEncoding('utf8');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() !== '') onRequest(client, JSON.parse(line) as Record<string, unknown>);
      }
    });
    socket.on('close', () => {
      clearInterval(client.heartbeat);
      clients.delete(client);
    });
    write(client, { op: 'connection', connectionId: `esa-${connections}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null)
    throw new Error('the ESA server has no port');

  return {
    port: address.port,
    ca: files.cert,
    get clk() {
      return String(position);
    },
    initialClk: INITIAL_CLK,
    received,
    sent,
    get connections() {
      return connections;
    },
    get refused() {
      return refused;
    },
    get subscribers() {
      return subscribed().length;
    },
    push(count) {
      for (const message of messages.slice(position, position + count)) {
        position += 1;
        const delta = omit(message, 'initialClk');
        for (const client of subscribed())
          write(client, {
            ...delta,
            id: 2,
            clk: String(position),
            mc: (delta.mc ?? []).map(named),
          });
      }
    },
    cut,
    refuse() {
      refusing = true;
    },
    accept() {
      refusing = false;
    },
    silence() {
      for (const client of clients) {
        client.silent = true;
        clearInterval(client.heartbeat);
      }
    },
    sendRaw(line) {
      for (const client of clients) if (!client.silent) client.socket.write(`${line}\r\n`);
    },
    send503() {
      for (const client of subscribed())
        write(client, { op: 'mcm', id: 2, clk: String(position), pt: ptNow(), status: 503 });
    },
    cutMidImage() {
      midImage = 'cut';
    },
    stallMidImage() {
      midImage = 'stall';
    },
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
