import { openRedisChannel } from '../redis-channel.js';
import type { HubPublisher } from './hub.js';

/** One channel for every instance of the product on this Redis. */
export const BACKPLANE_CHANNEL = 'backlay:hub';

interface Envelope {
  readonly scope: 'all' | 'user' | 'group';
  readonly key: string;
  readonly target: string;
  readonly args: unknown[];
}

/**
 * With REDIS_URL, user, group and broadcast messages travel through Redis pub/sub, so a message
 * raised on one instance reaches clients connected to any (docs/decisions.md#hub, #beyond-one-machine). Each instance delivers
 * what it hears to its own connections; revocations already travel through PostgreSQL.
 */
export async function createRedisBackplane(options: {
  url: string;
  local: HubPublisher;
  log: (message: string) => void;
}): Promise<{ publisher: HubPublisher; close(): Promise<void> }> {
  const { local } = options;
  const deliver = (envelope: Envelope) => {
    switch (envelope.scope) {
      case 'all':
        return local.toAll(envelope.target, ...envelope.args);
      case 'user':
        return local.toUser(envelope.key, envelope.target, ...envelope.args);
      case 'group':
        return local.toGroup(envelope.key, envelope.target, ...envelope.args);
      default:
        return undefined;
    }
  };
  const channel = await openRedisChannel({
    url: options.url,
    channel: BACKPLANE_CHANNEL,
    onMessage: (message) => deliver(message as Envelope),
    log: options.log,
  });
  // Delivered here at once, to the others through Redis.
  const send = (envelope: Envelope) => {
    deliver(envelope);
    channel.publish(envelope);
  };
  return {
    publisher: {
      toAll: (target, ...args) => send({ scope: 'all', key: '', target, args }),
      toUser: (clientId, target, ...args) => send({ scope: 'user', key: clientId, target, args }),
      toGroup: (group, target, ...args) => send({ scope: 'group', key: group, target, args }),
    },
    close: () => channel.close(),
  };
}
