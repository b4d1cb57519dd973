import type { Db } from '../db/pool.js';
import type { Connections } from './connections.js';
import { frame, PING_FRAME } from './protocol.js';
import * as q from './tickets.queries.js';

/** How often the tickets past their expiry are deleted from hub_tickets. */
export const TICKET_SWEEP_MS = 60_000;

/**
 * What the hub checks once a second, as ASP.NET Core SignalR does with its own ticker
 * (docs/signalr-protocol.md §4.2, §6): a ping to a connection sent nothing for a while,
 * so the client's server timeout never fires on a quiet hub; the close of one that finished no
 * handshake in time or went silent; and the close of every connection of a session that ended,
 * so a revoked session's connections close within a second (docs/decisions.md#hub). Once a
 * minute it also deletes the tickets past their expiry, used or not (no one can use them any
 * more), so hub_tickets holds about a minute of tickets, not every ticket ever minted.
 */
export function createTimeouts(deps: {
  readonly db: Db;
  readonly connections: Connections;
  readonly now: () => number;
  /** A ping when nothing else was sent for this long (the client's server timeout is 30 s). */
  readonly pingMs: number;
  /** A connection silent for this long is closed (clients ping every 15 s). */
  readonly clientTimeoutMs: number;
  readonly handshakeTimeoutMs: number;
  /** Sessions older than this have ended (SESSION_MAX_S). */
  readonly sessionMaxMs: number;
  readonly log: (message: string) => void;
}) {
  const { db, connections, now } = deps;

  let sweptAt = Number.NEGATIVE_INFINITY;

  /** Pings, client timeouts, handshake timeouts and ended sessions; the ticket sweep when due. */
  async function tick() {
    const at = now();
    if (at - sweptAt >= TICKET_SWEEP_MS) {
      sweptAt = at;
      await q.deleteExpiredTickets(db, new Date(at));
    }
    for (const connection of connections.all()) {
      if (!connection.isReady && at - connection.openedAt > deps.handshakeTimeoutMs) {
        connections.end(connection, frame({ error: 'Handshake timed out' }));
      } else if (at - connection.lastReceived > deps.clientTimeoutMs) {
        connections.drop(connection, 'Client timed out', true);
      } else if (connection.isReady && at - connection.lastSent >= deps.pingMs) {
        connections.send(connection, PING_FRAME);
      }
    }
    const sessions = [...new Set([...connections.all()].map((connection) => connection.sessionId))];
    const ended = new Set(await q.endedSessions(db, sessions, new Date(at - deps.sessionMaxMs)));
    for (const connection of connections.all()) {
      if (ended.has(connection.sessionId)) connections.drop(connection, 'Session ended', false);
    }
  }

  let ticker: NodeJS.Timeout | undefined;
  let ticking = false;
  return {
    tick,
    /** Ticks every second; a tick still waiting for the database makes the next one skip. */
    start(): void {
      ticker = setInterval(() => {
        if (ticking) return;
        ticking = true;
        tick()
          .catch((error: unknown) => deps.log(`hub tick failed: ${String(error)}`))
          .finally(() => (ticking = false));
      }, 1000);
    },
    stop(): void {
      if (ticker) clearInterval(ticker);
    },
  };
}
