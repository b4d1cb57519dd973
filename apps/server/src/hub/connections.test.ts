import type { HubMessageName, HubPush } from '@backlay/contract/hub';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createConnections, MAX_BUFFERED_BYTES, type Connection } from './connections.js';
import { createPublisher } from './publisher.js';
import { RECORD_SEPARATOR } from './protocol.js';

/**
 * A push for the hub's transport tests: what it carries is not what is tested, so its payload
 * holds only what the test reads (a push the product makes is checked whole: publisher.test.ts).
 */
const loosePush = (target: HubMessageName, payload: object) => ({ target, payload }) as HubPush;

/** A socket that records what it was sent and how it ended; `bufferedAmount` is settable. */
function fakeSocket() {
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    sent: [] as string[],
    ended: undefined as 'closed' | 'terminated' | undefined,
    send(data: string | Buffer) {
      socket.sent.push(data.toString());
    },
    close() {
      socket.ended = 'closed';
      socket.readyState = 3;
    },
    terminate() {
      socket.ended = 'terminated';
      socket.readyState = 3;
    },
  };
  return socket;
}

function connection(id: string, clientId: string, socket = fakeSocket()) {
  const value: Connection = {
    id,
    clientId,
    sessionId: `session-${clientId}`,
    socket: socket as unknown as WebSocket,
    groups: new Set(),
    isReady: true,
    buffer: '',
    lastSent: 0,
    lastReceived: 0,
    openedAt: 0,
    windowStart: 0,
    windowCount: 0,
  };
  return { connection: value, socket };
}

describe('the connection registry', () => {
  it('forgets a closed connection in every index, and its group once the last member leaves', () => {
    const connections = createConnections(() => 5);
    const a = connection('a', 'client-1');
    const b = connection('b', 'client-1');
    connections.track(a.connection);
    connections.track(b.connection);
    connections.join(a.connection, 'event:1');
    connections.join(b.connection, 'event:1');
    expect(connections.size()).toBe(2);
    expect(connections.ofClient('client-1')?.size).toBe(2);

    connections.untrack(a.connection);
    connections.leaveGroups(a.connection);
    expect(connections.has('a')).toBe(false);
    expect(connections.ofClient('client-1')?.size).toBe(1);
    expect([...(connections.membersOf('event:1') ?? [])]).toEqual([b.connection]);

    connections.drop(b.connection, 'Session ended', false);
    connections.leaveGroups(b.connection);
    expect(b.socket.sent).toEqual([`{"type":7,"error":"Session ended"}${RECORD_SEPARATOR}`]);
    expect(b.socket.ended).toBe('closed');
    expect(connections.size()).toBe(0);
    expect(connections.ofClient('client-1')).toBeUndefined();
    expect(connections.membersOf('event:1')).toBeUndefined();
  });

  it('leaves a later connection under the same id alone when the earlier one goes', () => {
    const connections = createConnections(() => 0);
    const earlier = connection('same', 'client-1');
    const later = connection('same', 'client-1');
    connections.track(earlier.connection);
    connections.track(later.connection);
    connections.untrack(earlier.connection);
    expect(connections.isCurrent(later.connection)).toBe(true);
    expect(connections.isCurrent(earlier.connection)).toBe(false);
    expect([...(connections.ofClient('client-1') ?? [])]).toEqual([later.connection]);
  });

  it('cuts, without a Close, a connection whose send queue is past the cap', () => {
    const connections = createConnections(() => 9);
    const slow = connection('slow', 'client-1');
    connections.track(slow.connection);
    connections.send(slow.connection, 'first');
    expect(slow.connection.lastSent).toBe(9);
    slow.socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    connections.send(slow.connection, 'second');
    expect(slow.socket.sent).toEqual(['first']);
    expect(slow.socket.ended).toBe('terminated');
    expect(connections.has('slow')).toBe(false);
  });
});

describe('the publisher', () => {
  it("sends a group's pushes of one turn as one message to its ready members only", async () => {
    const connections = createConnections(() => 0);
    const member = connection('member', 'client-1');
    const waiting = connection('waiting', 'client-2');
    waiting.connection.isReady = false;
    const stranger = connection('stranger', 'client-3');
    for (const each of [member, waiting, stranger]) connections.track(each.connection);
    connections.join(member.connection, 'event:7');
    connections.join(waiting.connection, 'event:7');
    const publisher = createPublisher(connections);

    publisher.toGroup('event:7', loosePush('GetActiveBM', { Seq: 1 }));
    publisher.toGroup('event:7', loosePush('EventSuspended', { EventId: 7 }));
    publisher.toGroup('event:8', loosePush('GetActiveBM', { Seq: 2 }));
    expect(member.socket.sent).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(member.socket.sent).toEqual([
      `{"type":1,"target":"GetActiveBM","arguments":[{"Seq":1}]}${RECORD_SEPARATOR}` +
        `{"type":1,"target":"EventSuspended","arguments":[{"EventId":7}]}${RECORD_SEPARATOR}`,
    ]);
    expect(waiting.socket.sent).toEqual([]);
    expect(stranger.socket.sent).toEqual([]);
  });
});
