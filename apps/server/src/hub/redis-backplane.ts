import { Redis } from 'ioredis';
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
 * raised on one instance reaches clients connected to any (DESIGN §7, §10). Each instance delivers
 * what it hears to its own connections; revocations already travel through PostgreSQL.
 */
export async function createRedisBackplane(options: {
  url: string;
  local: HubPublisher;
  log: (message: string) => void;
}): Promise<{ publisher: HubPublisher; close(): Promise<void> }> {
  const publish = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscribe = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  publish.on('error', (error: Error) => options.log(`redis publish: ${error.message}`));
  subscribe.on('error', (error: Error) => options.log(`redis subscribe: ${error.message}`));
  await publish.connect();
  await subscribe.connect();
  await subscribe.subscribe(BACKPLANE_CHANNEL);
  subscribe.on('message', (_channel: string, text: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    switch (envelope.scope) {
      case 'all':
        return options.local.toAll(envelope.target, ...envelope.args);
      case 'user':
        return options.local.toUser(envelope.key, envelope.target, ...envelope.args);
      case 'group':
        return options.local.toGroup(envelope.key, envelope.target, ...envelope.args);
      default:
        return undefined;
    }
  });
  const send = (envelope: Envelope) => {
    publish
      .publish(BACKPLANE_CHANNEL, JSON.stringify(envelope))
      .catch((error: unknown) => options.log(`redis publish: ${String(error)}`));
  };
  return {
    publisher: {
      toAll: (target, ...args) => send({ scope: 'all', key: '', target, args }),
      toUser: (clientId, target, ...args) => send({ scope: 'user', key: clientId, target, args }),
      toGroup: (group, target, ...args) => send({ scope: 'group', key: group, target, args }),
    },
    async close() {
      await subscribe.quit();
      await publish.quit();
    },
  };
}
