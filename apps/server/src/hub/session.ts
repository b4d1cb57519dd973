import { SUBSCRIBE_EVENT, type HubPush } from '@backlay/contract/hub';
import type { WebSocket } from 'ws';
import type { Connection, Connections } from './connections.js';
import {
  frame,
  MessageType,
  parseRecord,
  pushInvocation,
  splitRecords,
  type HubMessage,
} from './protocol.js';
import { eventGroup } from './publisher.js';

/**
 * One connection's side of the SignalR JSON hub protocol once its WebSocket is open
 * (docs/signalr-protocol.md §4–§5): the handshake, then invocations (only
 * SubscribeEvent), pings and Close, within a size cap and a message rate so that no client can
 * make the hub buffer or work without limit.
 */

/** The largest message, and the most text a record may gather before its separator. */
export const MAX_MESSAGE_BYTES = 32 * 1024;
/** Per connection: at most this many messages in the window. */
const RATE_WINDOW_MS = 10_000;
const RATE_MAX_MESSAGES = 100;

/** Sends a joining connection what it must have at once, through `deliver` (that connection only). */
export type EventJoinedHandler = (
  eventId: number,
  deliver: (push: HubPush) => void,
) => Promise<void>;

/** Who a connection is, as its connection token and ticket proved at the upgrade. */
export interface ConnectionOwner {
  readonly connectionId: string;
  readonly clientId: string;
  readonly sessionId: string;
  /** The groups it joins at once: a back office's, the operators' or the agents'. */
  readonly groups: readonly string[];
}

export function createSessions(deps: {
  readonly connections: Connections;
  readonly now: () => number;
  readonly log: (message: string) => void;
}) {
  const { connections, now, log } = deps;
  /** What a connection that joins an event's group is sent at once (`onEventJoined`). */
  let eventJoined: EventJoinedHandler | undefined;

  function subscribe(connection: Connection, eventId: number, invocationId: string | undefined) {
    connections.join(connection, eventGroup(eventId));
    if (invocationId)
      connections.send(
        connection,
        frame({ type: MessageType.Completion, invocationId, result: null }),
      );
    eventJoined?.(eventId, (push) => {
      if (connection.isReady && connections.isCurrent(connection))
        connections.send(connection, pushInvocation(push));
    }).catch((error: unknown) => log(`hub join of event ${eventId}: ${String(error)}`));
  }

  function onMessage(connection: Connection, message: HubMessage) {
    switch (message.type) {
      case MessageType.Ping:
        return;
      case MessageType.Close:
        connections.end(connection);
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
          if (Number.isSafeInteger(eventId) && eventId > 0)
            return subscribe(connection, eventId, invocationId);
        }
        // An unknown method is answered, so the client's invoke() does not hang until it
        // disconnects (docs/signalr-protocol.md §5.2); the connection stays.
        if (invocationId)
          connections.send(
            connection,
            frame({ type: MessageType.Completion, invocationId, error: 'Unknown hub method' }),
          );
        return;
      }
      case MessageType.StreamInvocation:
        if (typeof message.invocationId === 'string') {
          connections.send(
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
      return connections.drop(connection, 'Message too large', false);
    const { records, rest } = splitRecords(connection.buffer);
    connection.buffer = rest;
    // A frame without a whole record (a fragment, bare separators, nothing) counts too: else such
    // frames could flood the hub without limit.
    if (records.length === 0 && ++connection.windowCount > RATE_MAX_MESSAGES)
      return connections.drop(connection, 'Too many messages', false);
    for (const record of records) {
      connection.windowCount += 1;
      if (connection.windowCount > RATE_MAX_MESSAGES)
        return connections.drop(connection, 'Too many messages', false);
      const message = parseRecord(record);
      if (!connection.isReady) {
        if (message?.protocol !== 'json' || message.version !== 1) {
          connections.end(
            connection,
            frame({ error: 'Only the json protocol, version 1, is supported' }),
          );
          return;
        }
        connection.isReady = true;
        connections.send(connection, frame({}));
        continue;
      }
      if (message === null || message.type === undefined)
        return connections.drop(connection, 'Malformed message', false);
      onMessage(connection, message);
    }
  }

  return {
    /** Starts the conversation on a socket just upgraded for `owner`: it waits for the handshake. */
    open(socket: WebSocket, owner: ConnectionOwner): void {
      const at = now();
      const connection: Connection = {
        id: owner.connectionId,
        clientId: owner.clientId,
        sessionId: owner.sessionId,
        socket,
        groups: new Set(),
        isReady: false,
        buffer: '',
        lastSent: at,
        lastReceived: at,
        openedAt: at,
        windowStart: at,
        windowCount: 0,
      };
      connections.track(connection);
      for (const group of owner.groups) connections.join(connection, group);
      socket.on('message', (data, isBinary) => {
        if (isBinary) return connections.drop(connection, 'Binary frames are not supported', false);
        onData(
          connection,
          Buffer.isBuffer(data) ? data.toString() : Buffer.from(data as ArrayBuffer).toString(),
        );
      });
      socket.on('close', () => {
        connections.untrack(connection);
        connections.leaveGroups(connection);
      });
      socket.on('error', () => connections.untrack(connection));
    },

    /**
     * What a connection that joins an event's group is sent at once, after the join's answer:
     * the event's parts as they are now (market-pushes.ts `snapshot`), so a screen has whatever
     * changed between its first reads and its join without asking again.
     */
    onEventJoined(handler: EventJoinedHandler): void {
      eventJoined = handler;
    },
  };
}
