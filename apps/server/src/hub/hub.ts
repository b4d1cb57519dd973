import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { operatorHubTicket } from '@backlay/contract/backoffice';
import { getHubTicket, HUB_PATH, SUBSCRIBE_EVENT } from '@backlay/contract/hub';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Db } from '../db/pool.js';
import { requireOperator, requireSession } from '../http/authenticate.js';
import { registerEndpoint } from '../http/endpoints.js';
import type { Clock, Random } from '../seams.js';
import {
  frame,
  MessageType,
  parseRecord,
  PING_FRAME,
  splitRecords,
  type HubMessage,
} from './protocol.js';
import * as q from './tickets.queries.js';

/** Where the server's news, prices and bets reach the connected clients (DESIGN §7). */
export interface HubPublisher {
  toAll(target: string, ...args: unknown[]): void;
  toUser(clientId: string, target: string, ...args: unknown[]): void;
  toGroup(group: string, target: string, ...args: unknown[]): void;
}

export const silentPublisher: HubPublisher = {
  toAll: () => {},
  toUser: () => {},
  toGroup: () => {},
};

/** The back office's connections (docs/backoffice.md): every operator's joins it at once. */
export const OPERATORS_GROUP = 'operators';

/** Event-scoped messages go to the event's group, joined with SubscribeEvent. */
export const eventGroup = (eventId: number) => `event:${eventId}`;

/** Sends a joining connection what it must have at once, through `deliver` (that connection only). */
export type EventJoinedHandler = (
  eventId: number,
  deliver: (target: string, payload: object) => void,
) => Promise<void>;

export interface HubOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  /** Signs connection tokens so that any instance can take the upgrade. */
  readonly secret: Buffer;
  /** A ping when nothing else was sent for this long (the client's server timeout is 30 s). */
  readonly pingMs: number;
  /** A connection silent for this long is closed (clients ping every 15 s). */
  readonly clientTimeoutMs: number;
  readonly handshakeTimeoutMs: number;
  /** Sessions older than this have ended (SESSION_MAX_S). */
  readonly sessionMaxMs: number;
  readonly log: (message: string) => void;
}

export const TICKET_TTL_MS = 60_000;
/** Between negotiate and the upgrade. */
const CONNECTION_TOKEN_TTL_MS = 15_000;
const MAX_MESSAGE_BYTES = 32 * 1024;
/** Per connection: at most this many messages in the window. */
const RATE_WINDOW_MS = 10_000;
const RATE_MAX_MESSAGES = 100;
/**
 * A client that stops reading: once this much waits in our own send queue (its socket's kernel
 * buffers are full already) the connection is cut, or every push to it would pile up in memory.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** How long clients get to answer the close frame of a shutdown before their sockets are cut. */
const CLOSE_GRACE_MS = 2000;

interface Connection {
  readonly id: string;
  readonly clientId: string;
  readonly sessionId: string;
  readonly socket: WebSocket;
  readonly groups: Set<string>;
  isReady: boolean;
  buffer: string;
  lastSent: number;
  lastReceived: number;
  readonly openedAt: number;
  windowStart: number;
  windowCount: number;
}

interface TokenClaims {
  readonly c: string;
  readonly u: string;
  readonly s: string;
  readonly e: number;
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest();

function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** Same origin only: a present Origin must name the host the request came to (DESIGN §7). */
function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function createHub(options: HubOptions) {
  const { db, clock, random, log } = options;
  const connections = new Map<string, Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const now = () => clock.now().getTime();

  const sign = (claims: TokenClaims) => {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${createHmac('sha256', options.secret).update(body).digest('base64url')}`;
  };

  const verify = (token: string | null): TokenClaims | undefined => {
    const [body, mac] = (token ?? '').split('.');
    if (!body || !mac) return undefined;
    const expected = createHmac('sha256', options.secret).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as TokenClaims;
    return claims.e > now() ? claims : undefined;
  };

  /** Each client's open connections, so a push to one user costs that user's, not a scan (#24). */
  const byClient = new Map<string, Set<Connection>>();
  const track = (connection: Connection) => {
    connections.set(connection.id, connection);
    let own = byClient.get(connection.clientId);
    if (!own) byClient.set(connection.clientId, (own = new Set()));
    own.add(connection);
  };
  /** Forgets a connection that is closing; a later one under the same id is left alone. */
  const untrack = (connection: Connection) => {
    if (connections.get(connection.id) === connection) connections.delete(connection.id);
    const own = byClient.get(connection.clientId);
    own?.delete(connection);
    if (own?.size === 0) byClient.delete(connection.clientId);
  };

  /** Each group's connections, so a push costs its subscribers, not every connection (#17). */
  const members = new Map<string, Set<Connection>>();
  const leaveGroups = (connection: Connection) => {
    for (const group of connection.groups) {
      const set = members.get(group);
      set?.delete(connection);
      if (set?.size === 0) members.delete(group);
    }
  };

  const join = (connection: Connection, group: string) => {
    connection.groups.add(group);
    let set = members.get(group);
    if (!set) members.set(group, (set = new Set()));
    set.add(connection);
  };

  /** Sends a text frame; a push to many encodes its text once and passes the bytes. */
  const send = (connection: Connection, text: string | Buffer) => {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      // No Close: it would only queue behind what the client does not read.
      untrack(connection);
      connection.socket.terminate();
      return;
    }
    connection.socket.send(text, { binary: false });
    connection.lastSent = now();
  };

  const drop = (connection: Connection, error: string | undefined, allowReconnect: boolean) => {
    send(
      connection,
      frame({
        type: MessageType.Close,
        ...(error ? { error } : {}),
        ...(allowReconnect ? { allowReconnect } : {}),
      }),
    );
    connection.socket.close();
    untrack(connection);
  };

  const invocation = (target: string, args: unknown[]) =>
    frame({ type: MessageType.Invocation, target, arguments: args });

  /**
   * A group's messages of one turn of the event loop, sent together when it ends: one WebSocket
   * message holds them all (SignalR's records end with their own separator), so the pushes of
   * one feed batch reach an open screen as one task (docs/architecture.md, "Prices on the event
   * screen"), and each member costs one write however many parts changed. A group's order holds.
   */
  const grouped = new Map<string, string[]>();
  /** What a connection that joins an event's group is sent at once (`onEventJoined`). */
  let eventJoined: EventJoinedHandler | undefined;
  function sendGrouped() {
    for (const [group, texts] of grouped) {
      const subscribers = members.get(group);
      if (!subscribers) continue;
      const bytes = Buffer.from(texts.length === 1 ? (texts[0] ?? '') : texts.join(''));
      for (const connection of subscribers) {
        if (connection.isReady && connections.get(connection.id) === connection)
          send(connection, bytes);
      }
    }
    grouped.clear();
  }

  const publisher: HubPublisher = {
    toAll(target, ...args) {
      const text = invocation(target, args);
      for (const connection of connections.values()) if (connection.isReady) send(connection, text);
    },
    toUser(clientId, target, ...args) {
      const own = byClient.get(clientId);
      if (!own) return;
      const text = invocation(target, args);
      // A send that cuts a connection removes it from `own`; a Set's iteration allows that.
      for (const connection of own) if (connection.isReady) send(connection, text);
    },
    toGroup(group, target, ...args) {
      if (!members.has(group)) return;
      const held = grouped.get(group);
      if (held) held.push(invocation(target, args));
      else {
        grouped.set(group, [invocation(target, args)]);
        if (grouped.size === 1) setImmediate(sendGrouped);
      }
    },
  };

  function onMessage(connection: Connection, message: HubMessage) {
    switch (message.type) {
      case MessageType.Ping:
        return;
      case MessageType.Close:
        connection.socket.close();
        untrack(connection);
        return;
      case MessageType.Invocation: {
        const invocationId =
          typeof message.invocationId === 'string' ? message.invocationId : undefined;
        const target = typeof message.target === 'string' ? message.target.toLowerCase() : '';
        const args = Array.isArray(message.arguments) ? (message.arguments as unknown[]) : [];
        if (
          target === SUBSCRIBE_EVENT.toLowerCase() &&
          (typeof args[0] === 'number' || typeof args[0] === 'string')
        ) {
          const eventId = Number(args[0]);
          if (Number.isSafeInteger(eventId) && eventId > 0) {
            join(connection, eventGroup(eventId));
            if (invocationId)
              send(connection, frame({ type: MessageType.Completion, invocationId, result: null }));
            eventJoined?.(eventId, (target, payload) => {
              if (connection.isReady && connections.get(connection.id) === connection)
                send(connection, invocation(target, [payload]));
            }).catch((error: unknown) => log(`hub join of event ${eventId}: ${String(error)}`));
            return;
          }
        }
        if (invocationId)
          send(
            connection,
            frame({ type: MessageType.Completion, invocationId, error: 'Unknown hub method' }),
          );
        return;
      }
      case MessageType.StreamInvocation:
        if (typeof message.invocationId === 'string') {
          send(
            connection,
            frame({
              type: MessageType.Completion,
              invocationId: message.invocationId,
              error: 'Streaming is not supported',
            }),
          );
        }
        return;
      default:
        // Completions, stream items, cancels, acks and unknown types: nothing to do (forward compatible).
        return;
    }
  }

  function onData(connection: Connection, text: string) {
    connection.lastReceived = now();
    if (now() - connection.windowStart > RATE_WINDOW_MS) {
      connection.windowStart = now();
      connection.windowCount = 0;
    }
    connection.buffer += text;
    if (connection.buffer.length > MAX_MESSAGE_BYTES)
      return drop(connection, 'Message too large', false);
    const { records, rest } = splitRecords(connection.buffer);
    connection.buffer = rest;
    // A frame without a whole record (a fragment, bare separators, nothing) counts too: else such
    // frames could flood the hub without limit.
    if (records.length === 0 && ++connection.windowCount > RATE_MAX_MESSAGES)
      return drop(connection, 'Too many messages', false);
    for (const record of records) {
      connection.windowCount += 1;
      if (connection.windowCount > RATE_MAX_MESSAGES)
        return drop(connection, 'Too many messages', false);
      const message = parseRecord(record);
      if (!connection.isReady) {
        if (message?.protocol !== 'json' || message.version !== 1) {
          send(connection, frame({ error: 'Only the json protocol, version 1, is supported' }));
          connection.socket.close();
          untrack(connection);
          return;
        }
        connection.isReady = true;
        send(connection, frame({}));
        continue;
      }
      if (message === null || message.type === undefined)
        return drop(connection, 'Malformed message', false);
      onMessage(connection, message);
    }
  }

  function reject(socket: Duplex, status: number, text: string) {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  async function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    if (closed) return reject(socket, 503, 'Service Unavailable');
    const url = new URL(request.url ?? '/', 'http://hub.invalid');
    if (url.pathname !== HUB_PATH && url.pathname !== `${HUB_PATH}/`)
      return reject(socket, 404, 'Not Found');
    if (!originAllowed(request.headers.origin, request.headers.host))
      return reject(socket, 403, 'Forbidden');
    const claims = verify(url.searchParams.get('id'));
    if (!claims) return reject(socket, 404, 'Not Found');
    if (connections.has(claims.c)) return reject(socket, 409, 'Conflict');
    // Browsers carry the token in the query, Node in the header (signalr-protocol.md §2.6).
    const ticket = url.searchParams.get('access_token') ?? bearerOf(request.headers.authorization);
    const owner = ticket ? await q.consumeTicket(db, hashTicket(ticket), clock.now()) : undefined;
    if (!owner || owner.clientId !== claims.u || owner.sessionId !== claims.s)
      return reject(socket, 401, 'Unauthorized');
    const userId = url.searchParams.get('userId');
    if (userId !== null && userId !== '0' && userId !== claims.u)
      return reject(socket, 403, 'Forbidden');

    wss.handleUpgrade(request, socket, head, (ws) => {
      const at = now();
      const connection: Connection = {
        id: claims.c,
        clientId: claims.u,
        sessionId: claims.s,
        socket: ws,
        groups: new Set(),
        isReady: false,
        buffer: '',
        lastSent: at,
        lastReceived: at,
        openedAt: at,
        windowStart: at,
        windowCount: 0,
      };
      track(connection);
      if (q.isOperatorOwner(owner)) join(connection, OPERATORS_GROUP);
      ws.on('message', (data, isBinary) => {
        if (isBinary) return drop(connection, 'Binary frames are not supported', false);
        onData(
          connection,
          Buffer.isBuffer(data) ? data.toString() : Buffer.from(data as ArrayBuffer).toString(),
        );
      });
      ws.on('close', () => {
        untrack(connection);
        leaveGroups(connection);
      });
      ws.on('error', () => untrack(connection));
    });
  }

  /** Pings, client timeouts, handshake timeouts and ended sessions, once a second. */
  async function tick() {
    const at = now();
    for (const connection of connections.values()) {
      if (!connection.isReady && at - connection.openedAt > options.handshakeTimeoutMs) {
        send(connection, frame({ error: 'Handshake timed out' }));
        connection.socket.close();
        untrack(connection);
      } else if (at - connection.lastReceived > options.clientTimeoutMs) {
        drop(connection, 'Client timed out', true);
      } else if (connection.isReady && at - connection.lastSent >= options.pingMs) {
        send(connection, PING_FRAME);
      }
    }
    const sessions = [
      ...new Set([...connections.values()].map((connection) => connection.sessionId)),
    ];
    const ended = new Set(await q.endedSessions(db, sessions, new Date(at - options.sessionMaxMs)));
    for (const connection of connections.values()) {
      if (ended.has(connection.sessionId)) drop(connection, 'Session ended', false);
    }
  }

  let ticker: NodeJS.Timeout | undefined;
  let ticking = false;
  let closed: Promise<void> | undefined;

  /** Tells every client to come back later (allowReconnect), then closes (DESIGN §7). */
  const close = () =>
    (closed ??= (async () => {
      if (ticker) clearInterval(ticker);
      for (const connection of [...connections.values()])
        drop(connection, 'Server is restarting', true);
      // A client that never answers the close frame must not hold the drain for ws's 30 s.
      const stragglers = setTimeout(() => {
        for (const socket of wss.clients) socket.terminate();
      }, CLOSE_GRACE_MS);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      clearTimeout(stragglers);
    })());

  /** A single-use ticket of `owner`, valid for {@link TICKET_TTL_MS}; only its hash is kept. */
  async function mintTicket(owner: q.TicketOwner): Promise<string> {
    const ticket = random.bytes(32).toString('base64url');
    await q.insertTicket(db, {
      hash: hashTicket(ticket),
      owner,
      expiresAt: new Date(now() + TICKET_TTL_MS),
    });
    return ticket;
  }

  return {
    publisher,
    /** How many connections are open (tests, health). */
    size: () => connections.size,
    /**
     * What a connection that joins an event's group is sent at once, after the join's answer:
     * the event's parts as they are now (market-pushes.ts `snapshot`), so a screen has whatever
     * changed between its first reads and its join without asking again.
     */
    onEventJoined(handler: EventJoinedHandler) {
      eventJoined = handler;
    },

    /** Registers the ticket route, negotiate and the WebSocket upgrade on the app's server. */
    attach(app: FastifyInstance, moneyBodyLimit: number) {
      registerEndpoint(
        app,
        getHubTicket,
        async ({ request }) => {
          const session = requireSession(request);
          return { Status: true as const, Result: { ticket: await mintTicket(session) } };
        },
        { moneyBodyLimit },
      );
      registerEndpoint(
        app,
        operatorHubTicket,
        async ({ request }) => {
          const operator = requireOperator(request);
          const ticket = await mintTicket(q.operatorOwner(operator.sessionId));
          return { Status: true as const, Result: { ticket } };
        },
        { moneyBodyLimit },
      );

      app.post(`${HUB_PATH}/negotiate`, { schema: { hide: true } }, async (request, reply) => {
        if (!originAllowed(request.headers.origin, request.headers.host))
          return reply.code(403).send({ error: 'Origin not allowed' });
        const query = request.query as Record<string, string | undefined>;
        const raw = query.negotiateVersion ?? query.negotiateversion;
        const version = raw === undefined ? 0 : Number(raw);
        if (!Number.isInteger(version) || version < 0)
          return { error: 'Invalid negotiate version' };
        const ticket = bearerOf(request.headers.authorization);
        const owner = ticket
          ? await q.consumeTicket(db, hashTicket(ticket), clock.now())
          : undefined;
        if (!owner) return reply.code(401).send({ error: 'A fresh hub ticket is required' });
        if (query.userId !== undefined && query.userId !== '0' && query.userId !== owner.clientId) {
          return reply.code(403).send({ error: 'userId is not the ticket’s user' });
        }
        const connectionId = random.bytes(16).toString('base64url');
        const token = sign({
          c: connectionId,
          u: owner.clientId,
          s: owner.sessionId,
          e: now() + CONNECTION_TOKEN_TTL_MS,
        });
        const transports = [{ transport: 'WebSockets', transferFormats: ['Text'] }];
        return version >= 1
          ? {
              negotiateVersion: 1,
              connectionId,
              connectionToken: token,
              availableTransports: transports,
            }
          : { negotiateVersion: 0, connectionId: token, availableTransports: transports };
      });

      // The drain closes the hub before the server stops listening (issue crash-safety §2).
      app.addHook('preClose', close);
      app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        onUpgrade(request, socket, head).catch((error: unknown) => {
          log(`hub upgrade failed: ${String(error)}`);
          reject(socket, 500, 'Internal Server Error');
        });
      });
    },

    start() {
      ticker = setInterval(() => {
        if (ticking) return;
        ticking = true;
        tick()
          .catch((error: unknown) => log(`hub tick failed: ${String(error)}`))
          .finally(() => (ticking = false));
      }, 1000);
    },

    /** Runs one tick now (tests). */
    tick,

    /** Closes every connection; with allowReconnect the clients come back on their retry delays. */
    dropAll(error: string, allowReconnect: boolean) {
      for (const connection of [...connections.values()]) drop(connection, error, allowReconnect);
    },

    close,
  };
}

export type Hub = ReturnType<typeof createHub>;
