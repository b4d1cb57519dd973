import type { HubPush } from '@backlay/contract/hub';
import type { Connections } from './connections.js';
import { pushInvocation } from './protocol.js';

/**
 * Where the server's news, prices and bets reach the connected clients (docs/decisions.md#hub): to everyone,
 * to one client's connections, or to a group's.
 */
export interface HubPublisher {
  toAll(push: HubPush): void;
  toUser(clientId: string, push: HubPush): void;
  toGroup(group: string, push: HubPush): void;
}

export const silentPublisher: HubPublisher = {
  toAll: () => {},
  toUser: () => {},
  toGroup: () => {},
};

/** The back office's connections (docs/backoffice.md): every operator's joins it at once. */
export const OPERATORS_GROUP = 'operators';

/** The agent network's back office (docs/agents.md#reads): every agent's connection joins it. */
export const AGENTS_GROUP = 'agents';

/** Event-scoped messages go to the event's group, joined with SubscribeEvent. */
export const eventGroup = (eventId: number) => `event:${eventId}`;

/** Pushes to this instance's own connections (the Redis backplane carries them to the others). */
export function createPublisher(connections: Connections): HubPublisher {
  /**
   * A group's messages of one turn of the event loop, sent together when it ends: one WebSocket
   * message holds them all (SignalR's records end with their own separator), so the pushes of
   * one feed batch reach an open screen as one task (docs/architecture.md, "Prices on the event
   * screen"), and each member costs one write however many parts changed. A group's order holds.
   */
  const grouped = new Map<string, string[]>();
  function sendGrouped() {
    for (const [group, texts] of grouped) {
      const subscribers = connections.membersOf(group);
      if (!subscribers) continue;
      const bytes = Buffer.from(texts.length === 1 ? (texts[0] ?? '') : texts.join(''));
      for (const connection of subscribers) {
        if (connection.isReady && connections.isCurrent(connection))
          connections.send(connection, bytes);
      }
    }
    grouped.clear();
  }

  return {
    toAll(push) {
      const text = pushInvocation(push);
      for (const connection of connections.all())
        if (connection.isReady) connections.send(connection, text);
    },
    toUser(clientId, push) {
      const own = connections.ofClient(clientId);
      if (!own) return;
      const text = pushInvocation(push);
      // A send that cuts a connection removes it from `own`; a Set's iteration allows that.
      for (const connection of own) if (connection.isReady) connections.send(connection, text);
    },
    toGroup(group, push) {
      if (!connections.membersOf(group)) return;
      const held = grouped.get(group);
      if (held) held.push(pushInvocation(push));
      else {
        grouped.set(group, [pushInvocation(push)]);
        if (grouped.size === 1) setImmediate(sendGrouped);
      }
    },
  };
}
