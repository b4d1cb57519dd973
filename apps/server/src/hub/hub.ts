import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { Db } from '../db/pool.js';
import type { Clock, Random } from '../seams.js';
import { createConnections } from './connections.js';
import { createPublisher } from './publisher.js';
import { registerNegotiate, registerTicketRoutes, upgradeListener } from './routes.js';
import { createSessions, MAX_MESSAGE_BYTES, type EventJoinedHandler } from './session.js';
import { createTickets } from './tickets.js';
import { createTimeouts } from './timeouts.js';

/**
 * The real-time hub (docs/decisions.md#hub): an ASP.NET Core SignalR-compatible server the official client
 * talks to. This file composes its parts, each with one job (README.md beside it):
 * - tickets.ts: single-use tickets and the signed connection tokens they buy;
 * - routes.ts: the ticket routes, negotiate and the WebSocket upgrade;
 * - session.ts: one connection's protocol (handshake, invocations, size cap, message rate);
 * - connections.ts: the open connections, their groups, and sending with backpressure;
 * - publisher.ts: pushes to everyone, to a client, to a group (batched per turn);
 * - timeouts.ts: the once-a-second pings, timeouts and ended sessions;
 * and it owns the lifecycle: start, the drain on close.
 */

export {
  AGENTS_GROUP,
  eventGroup,
  OPERATORS_GROUP,
  silentPublisher,
  type HubPublisher,
} from './publisher.js';
export { MAX_BUFFERED_BYTES } from './connections.js';
export { TICKET_TTL_MS } from './tickets.js';
export type { EventJoinedHandler } from './session.js';

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

/** How long clients get to answer the close frame of a shutdown before their sockets are cut. */
const CLOSE_GRACE_MS = 2000;

export function createHub(options: HubOptions) {
  const { clock, log } = options;
  const now = () => clock.now().getTime();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const connections = createConnections(now);
  const publisher = createPublisher(connections);
  const tickets = createTickets(options);
  const sessions = createSessions({ connections, now, log });
  const timeouts = createTimeouts({ ...options, connections, now });

  let closed: Promise<void> | undefined;

  /** Tells every client to come back later (allowReconnect), then closes (docs/decisions.md#hub). */
  const close = () =>
    (closed ??= (async () => {
      timeouts.stop();
      for (const connection of [...connections.all()])
        connections.drop(connection, 'Server is restarting', true);
      // A client that never answers the close frame must not hold the drain for ws's 30 s.
      const stragglers = setTimeout(() => {
        for (const socket of wss.clients) socket.terminate();
      }, CLOSE_GRACE_MS);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      clearTimeout(stragglers);
    })());

  return {
    publisher,
    /** How many connections are open (tests, health). */
    size: connections.size,
    /**
     * What a connection that joins an event's group is sent at once, after the join's answer:
     * the event's parts as they are now (market-pushes.ts `snapshot`), so a screen has whatever
     * changed between its first reads and its join without asking again.
     */
    onEventJoined(handler: EventJoinedHandler) {
      sessions.onEventJoined(handler);
    },

    /** Registers the ticket route, negotiate and the WebSocket upgrade on the app's server. */
    attach(app: FastifyInstance, moneyBodyLimit: number) {
      registerTicketRoutes(app, tickets, moneyBodyLimit);
      registerNegotiate(app, tickets);
      // The hub drains before the server stops listening: its clients are told to reconnect
      // later while HTTP still answers, and an upgrade meanwhile gets 503.
      app.addHook('preClose', close);
      app.server.on(
        'upgrade',
        upgradeListener({
          tickets,
          isClosing: () => closed !== undefined,
          isOpen: connections.has,
          accept: (request, socket, head, owner) =>
            wss.handleUpgrade(request, socket, head, (ws) => sessions.open(ws, owner)),
          log,
        }),
      );
    },

    /** Starts the once-a-second pings and timeouts. */
    start() {
      timeouts.start();
    },

    /** Runs one tick now (tests). */
    tick: timeouts.tick,

    /** Closes every connection; with allowReconnect the clients come back on their retry delays. */
    dropAll(error: string, allowReconnect: boolean) {
      for (const connection of [...connections.all()])
        connections.drop(connection, error, allowReconnect);
    },

    close,
  };
}

export type Hub = ReturnType<typeof createHub>;
