import type { WebSocket } from 'ws';
import { closeFrame } from './protocol.js';

/**
 * A client that stops reading: once this much waits in our own send queue (its socket's kernel
 * buffers are full already) the connection is cut, or every push to it would pile up in memory.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/** One open hub connection and what the hub tracks of it. */
export interface Connection {
  readonly id: string;
  readonly clientId: string;
  readonly sessionId: string;
  readonly socket: WebSocket;
  readonly groups: Set<string>;
  /** Past the handshake: only then does it receive pushes. */
  isReady: boolean;
  /** Text received after the last record separator: the start of a record still arriving. */
  buffer: string;
  lastSent: number;
  lastReceived: number;
  readonly openedAt: number;
  /** The message rate's window: when it began and how many messages it has counted. */
  windowStart: number;
  windowCount: number;
}

/**
 * The hub's open connections, indexed three ways so that every push costs only its receivers: by
 * connection id, by client (a push to one user reaches that user's connections, not a scan), and
 * by group (an event's pushes reach its subscribers, not every connection). Sending goes through
 * here too, because a send is where a client that does not read is found and cut.
 */
export function createConnections(now: () => number) {
  const open = new Map<string, Connection>();
  const byClient = new Map<string, Set<Connection>>();
  const members = new Map<string, Set<Connection>>();

  /** Forgets a connection that is closing; a later one under the same id is left alone. */
  const untrack = (connection: Connection) => {
    if (open.get(connection.id) === connection) open.delete(connection.id);
    const own = byClient.get(connection.clientId);
    own?.delete(connection);
    if (own?.size === 0) byClient.delete(connection.clientId);
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

  /** Sends `last` if given, then closes the socket and forgets the connection. */
  const end = (connection: Connection, last?: string) => {
    if (last !== undefined) send(connection, last);
    connection.socket.close();
    untrack(connection);
  };

  return {
    track(connection: Connection): void {
      open.set(connection.id, connection);
      let own = byClient.get(connection.clientId);
      if (!own) byClient.set(connection.clientId, (own = new Set()));
      own.add(connection);
    },
    untrack,

    join(connection: Connection, group: string): void {
      connection.groups.add(group);
      let set = members.get(group);
      if (!set) members.set(group, (set = new Set()));
      set.add(connection);
    },
    /** Takes a closed connection out of its groups (its socket's close event). */
    leaveGroups(connection: Connection): void {
      for (const group of connection.groups) {
        const set = members.get(group);
        set?.delete(connection);
        if (set?.size === 0) members.delete(group);
      }
    },

    send,
    end,
    /** Ends a connection with a Close message; with allowReconnect the client comes back. */
    drop(connection: Connection, error: string | undefined, allowReconnect: boolean): void {
      end(connection, closeFrame(error, allowReconnect));
    },

    has: (id: string): boolean => open.has(id),
    /** Still the tracked connection of its id: not closed, nor replaced. */
    isCurrent: (connection: Connection): boolean => open.get(connection.id) === connection,
    /** The open connections, live: one that closes meanwhile is skipped. */
    all: (): IterableIterator<Connection> => open.values(),
    /** A client's open connections; a send that cuts one removes it (a Set allows that). */
    ofClient: (clientId: string): ReadonlySet<Connection> | undefined => byClient.get(clientId),
    /** A group's connections, until its last one closes. */
    membersOf: (group: string): ReadonlySet<Connection> | undefined => members.get(group),
    size: (): number => open.size,
  };
}

export type Connections = ReturnType<typeof createConnections>;
