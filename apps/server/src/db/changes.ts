import pg from 'pg';

/**
 * What the writers announce with NOTIFY, from triggers inside their transactions: a change to an
 * event's markets, runners, fancy sessions, operator rows or results (payload: the event id) and
 * a session revoked (payload: its token hash in hex) (migration 0009); a fancy bet placed, which
 * changes the client's fancy results on the event (payload: `<eventId>:<clientId>`, migration
 * 0017). Every instance on the database hears them at the commit, whoever wrote, so its caches
 * follow within milliseconds (docs/architecture.md, "Caches").
 */
export const CHANNELS = ['backlay_catalog', 'backlay_sessions', 'backlay_positions'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface Changes {
  /** Whether notifications are heard now; while not, nothing may be served from a cache. */
  isLive(): boolean;
  on(channel: Channel, listener: (payload: string) => void): void;
  /** Hears every loss of the connection: whatever was cached may have changed unheard. */
  onReset(listener: () => void): void;
  /**
   * Resolves once every notification committed before the call has been heard: a round trip on
   * the listener's own connection, started after the call, that PostgreSQL answers only after
   * the notifications pending for it (docs/architecture.md, "Caches"). Concurrent callers share
   * one round trip. Resolves at once while not live (then nothing is served from a cache).
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** No listener: caches never hold anything, every read goes to PostgreSQL. */
export const noChanges: Changes = {
  isLive: () => false,
  on: () => {},
  onReset: () => {},
  caughtUp: async () => {},
  close: async () => {},
};

const RETRY_MS = 1000;

/**
 * Listens on its own connection (not the pool's) and reconnects every second while PostgreSQL
 * is out of reach. It is live only between a LISTEN that succeeded and the next error.
 */
export function listenForChanges(
  url: string,
  options: { log: (message: string) => void; retryMs?: number },
): Changes {
  const listeners = new Map<Channel, ((payload: string) => void)[]>();
  const resets: (() => void)[] = [];
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const lost = () => {
    const wasLive = live;
    live = false;
    client = undefined;
    for (const reset of resets) reset();
    if (wasLive) options.log('change listener: connection lost; caches off until it is back');
    if (!closed) timer = setTimeout(() => void connect(), options.retryMs ?? RETRY_MS);
  };

  async function connect(): Promise<void> {
    timer = undefined;
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    let failed = false;
    next.on('error', () => {
      if (failed) return;
      failed = true;
      if (client === next) lost();
    });
    next.on('end', () => {
      if (failed) return;
      failed = true;
      if (client === next) lost();
    });
    next.on('notification', (message) => {
      const channel = message.channel as Channel;
      for (const listener of listeners.get(channel) ?? []) listener(message.payload ?? '');
    });
    try {
      await next.connect();
      for (const channel of CHANNELS) await next.query(`LISTEN ${channel}`);
    } catch {
      failed = true;
      await next.end().catch(() => {});
      if (!closed) timer = setTimeout(() => void connect(), options.retryMs ?? RETRY_MS);
      return;
    }
    if (closed || failed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    // Anything cached before this moment was cached while nothing was heard.
    for (const reset of resets) reset();
    live = true;
  }

  void connect();

  /** The round trip under way, and the one that starts after it for the callers it came too late for. */
  let syncing: Promise<void> | undefined;
  let nextSync: Promise<void> | undefined;
  const sync = (): Promise<void> => {
    const current = client;
    const trip: Promise<void> = (current ? current.query('SELECT 1') : Promise.resolve()).then(
      () => {},
      // A failed round trip means a lost connection: `lost` has cleared the caches already.
      () => {},
    );
    syncing = trip;
    void trip.then(() => {
      if (syncing === trip) syncing = undefined;
    });
    return trip;
  };

  return {
    isLive: () => live,
    caughtUp(): Promise<void> {
      if (!live) return Promise.resolve();
      if (!syncing) return sync();
      // The round trip under way may have been sent before this call: wait for the next one.
      nextSync ??= syncing.then(() => {
        nextSync = undefined;
        return syncing ?? sync();
      });
      return nextSync;
    },
    on(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    },
    onReset(listener) {
      resets.push(listener);
    },
    async close() {
      closed = true;
      live = false;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * A cache of values loaded from PostgreSQL and dropped when a notification names their key. A
 * load that raced a change is answered but not kept, and concurrent misses of one key share one
 * load. While the listener is not live, every read loads.
 */
export function notifiedCache<V>(
  changes: Changes,
  load: (key: string) => Promise<V>,
  options: { maxEntries: number },
) {
  const entries = new Map<string, V>();
  const loading = new Map<string, Promise<V>>();
  /** Loads under way when their key changed: their answer is not kept. */
  const raced = new WeakSet<Promise<V>>();

  const forget = (key: string) => {
    entries.delete(key);
    const pending = loading.get(key);
    if (pending) raced.add(pending);
    loading.delete(key);
  };
  changes.onReset(() => {
    entries.clear();
    for (const pending of loading.values()) raced.add(pending);
    loading.clear();
  });

  return {
    async get(key: string): Promise<V> {
      if (!changes.isLive()) return load(key);
      const hit = entries.get(key);
      if (hit !== undefined) {
        // Most recently used last, so the oldest is evicted first.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const pending = loading.get(key);
      if (pending) return pending;
      const promise: Promise<V> = load(key).then(
        (value) => {
          if (loading.get(key) === promise) loading.delete(key);
          if (!raced.has(promise) && changes.isLive() && value !== undefined) {
            entries.set(key, value);
            if (entries.size > options.maxEntries) {
              const oldest = entries.keys().next().value;
              if (oldest !== undefined) entries.delete(oldest);
            }
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    /** The value if it is in memory and may be served from there; never loads. */
    peek(key: string): V | undefined {
      return changes.isLive() ? entries.get(key) : undefined;
    },
    /** Replaces a value this process has just changed itself (kept only while live). */
    set(key: string, value: V): void {
      if (changes.isLive()) entries.set(key, value);
    },
    forget,
  };
}
