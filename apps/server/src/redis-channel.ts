import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * One Redis pub/sub channel shared by every instance of the product (docs/scaling.md): what one
 * publishes, the others hear, in the order it was published. An instance does not hear its own
 * messages.
 */
export interface RedisChannel {
  publish(message: unknown): void;
  close(): Promise<void>;
}

interface Envelope {
  readonly from: string;
  readonly message: unknown;
}

export async function openRedisChannel(options: {
  url: string;
  channel: string;
  onMessage: (message: unknown) => void;
  log: (message: string) => void;
}): Promise<RedisChannel> {
  const { channel, log } = options;
  const self = randomUUID();
  // A subscribed connection can do nothing else: one to publish, one to listen.
  const publish = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscribe = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  publish.on('error', (error: Error) => log(`redis ${channel} publish: ${error.message}`));
  subscribe.on('error', (error: Error) => log(`redis ${channel} subscribe: ${error.message}`));
  await publish.connect();
  await subscribe.connect();
  await subscribe.subscribe(channel);
  subscribe.on('message', (_channel: string, text: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.from !== self) options.onMessage(envelope.message);
  });
  return {
    publish(message) {
      const envelope: Envelope = { from: self, message };
      publish
        .publish(channel, JSON.stringify(envelope))
        .catch((error: unknown) => log(`redis ${channel} publish: ${String(error)}`));
    },
    async close() {
      await subscribe.quit();
      await publish.quit();
    },
  };
}
