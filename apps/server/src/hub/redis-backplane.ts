import type { HubPush } from '@backlay/contract/hub';
import { openRedisChannel } from '../redis-channel.js';
import type { HubPublisher } from './hub.js';

/** One channel for every instance of the product on this Redis. */
export const BACKPLANE_CHANNEL = 'backlay:hub';

/**
 * A push on its way to the other instances. The instance that made it type-checked it (its
 * publisher takes only a `HubPush`), and every instance runs the same contract, so what is heard
 * is taken as one; `target` and `args` keep the shape earlier versions sent.
 */
interface Envelope {
  readonly scope: 'all' | 'user' | 'group';
  readonly key: string;
  readonly target: HubPush['target'];
  readonly args: readonly [HubPush['payload']];
}

const envelopeOf = (push: HubPush) => ({ target: push.target, args: [push.payload] as const });

const pushOf = (envelope: Envelope) =>
  ({ target: envelope.target, payload: envelope.args[0] }) as HubPush;

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
        return local.toAll(pushOf(envelope));
      case 'user':
        return local.toUser(envelope.key, pushOf(envelope));
      case 'group':
        return local.toGroup(envelope.key, pushOf(envelope));
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
      toAll: (push) => send({ scope: 'all', key: '', ...envelopeOf(push) }),
      toUser: (clientId, push) => send({ scope: 'user', key: clientId, ...envelopeOf(push) }),
      toGroup: (group, push) => send({ scope: 'group', key: group, ...envelopeOf(push) }),
    },
    close: () => channel.close(),
  };
}
