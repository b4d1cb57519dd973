import { openRedisChannel } from '../redis-channel.js';
import { applyToBooks, type BatchSeqs, type FeedBooks } from './applier.js';
import type { BookDump } from './price-book.js';
import type { FeedUpdate } from './types.js';

/** The Redis channel the feed leader's books travel on (docs/scaling.md, "The feed leader"). */
export const FEED_CHANNEL = 'backlay:feed';

/**
 * What the leader tells its followers: each batch it applied, with the Seq every priced book took,
 * and now and then its whole book, so that an instance that started late or missed messages
 * while Redis was away is whole again within the save interval (FEED_SAVE_MS, 5 s).
 */
export type FeedMessage =
  | {
      readonly kind: 'batch';
      readonly at: number;
      readonly updates: readonly FeedUpdate[];
      readonly seqs: BatchSeqs;
    }
  | { readonly kind: 'books'; readonly books: BookDump };

/** How the feed leader reaches the other instances; each hears only the others. */
export interface FeedReplica {
  publish(message: FeedMessage): void;
  onMessage(listener: (message: FeedMessage) => void): void;
  close(): Promise<void>;
}

/** A follower's side: the leader's message, applied to this process's books. */
export function follow(books: FeedBooks, message: FeedMessage): void {
  switch (message.kind) {
    case 'batch':
      for (const update of message.updates) applyToBooks(books, update, message.at, message.seqs);
      return;
    case 'books':
      books.priceBook.load(message.books);
      return;
    default:
      return undefined;
  }
}

/** The replica over Redis pub/sub (REDIS_URL): what every instance of several needs. */
export async function createRedisFeedReplica(options: {
  url: string;
  log: (message: string) => void;
}): Promise<FeedReplica> {
  const listeners: ((message: FeedMessage) => void)[] = [];
  const channel = await openRedisChannel({
    url: options.url,
    channel: FEED_CHANNEL,
    onMessage: (message) => {
      for (const listener of listeners) listener(message as FeedMessage);
    },
    log: options.log,
  });
  return {
    publish: (message) => channel.publish(message),
    onMessage: (listener) => void listeners.push(listener),
    close: () => channel.close(),
  };
}
