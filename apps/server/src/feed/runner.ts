import pg from 'pg';
import type { Db } from '../db/pool.js';
import type { Clock } from '../seams.js';
import type { FeedApplier } from './applier.js';
import * as q from './feed.queries.js';
import type { FeedUpdate } from './types.js';

/** A provider of updates: the simulator, the scripted adapter, or an outside provider's adapter. */
export interface FeedSource {
  readonly name: string;
  tick(now: Date): FeedUpdate[];
  /** Plain JSON to persist, so a restart resumes the same events. */
  snapshot(): unknown;
  /** Resumes from what another process saved: a follower taking the feed over. */
  restore(saved: unknown): void;
}

/** How soon a step follows a live provider's news (see `wake`). */
export const KICK_MS = 20;

/** Names the advisory lock that makes exactly one process run the feed (docs/decisions.md#feed). */
export const FEED_LOCK_KEY = 7_431_902;

export interface FeedRunner {
  /** Ticks the source once at `now` and applies what it produced. */
  step(now: Date): Promise<void>;
  /** Applies updates made elsewhere (operator fixtures) in turn with the ticks. */
  inject(updates: readonly FeedUpdate[]): Promise<void>;
  /** Saves the source's state now. */
  save(): Promise<void>;
  /** Resumes the source from the last saved state (the leader before this process saved it). */
  takeOver(): Promise<void>;
}

export function createFeedRunner(deps: {
  db: Db;
  source: FeedSource;
  applier: FeedApplier;
  clock: Clock;
}): FeedRunner {
  const { db, source, applier, clock } = deps;
  // One update batch at a time, in order: ticks and injected fixtures never interleave.
  let queue: Promise<void> = Promise.resolve();
  const serial = (work: () => Promise<void>) => {
    const next = queue.then(work);
    queue = next.catch(() => {});
    return next;
  };
  return {
    step: (now) => serial(() => applier.apply(source.tick(now), now)),
    inject: (updates) => serial(() => applier.apply(updates, clock.now())),
    save: () => serial(() => q.saveState(db, source.name, source.snapshot(), clock.now())),
    takeOver: () =>
      serial(async () => {
        const saved = await q.loadState(db, source.name);
        if (saved !== undefined) source.restore(saved);
      }),
  };
}

export interface RunningFeed {
  /** Whether this process holds the feed lock now. */
  readonly isLeader: boolean;
  stop(): Promise<void>;
}

/**
 * Runs the feed while this process holds the advisory lock, on a connection of its own held for
 * as long as it leads: it ticks every `intervalMs` and saves the state every `saveEveryMs`.
 * Without the lock it follows; with `retryMs` it tries again that often, and the process that
 * takes the lock over resumes from the state the last leader saved (docs/scaling.md, "The feed
 * leader"). A leader that loses its lock connection stops ticking at once and follows.
 */
export async function runFeed(options: {
  databaseUrl: string;
  runner: FeedRunner;
  clock: Clock;
  intervalMs: number;
  saveEveryMs: number;
  log: (message: string) => void;
  /** How often a follower tries for the lock; it tries once when absent. */
  retryMs?: number;
  /** Hears this process become the leader, and stop being it. */
  onLeading?: (leading: boolean) => void;
  /**
   * A source that hears its provider push (a live stream) calls `kick` when news came: the next
   * step runs within {@link KICK_MS} instead of at the next tick, so a price waits milliseconds,
   * not up to a tick, before it is applied; news in the meantime joins that step.
   */
  wake?: (kick: () => void) => void;
}): Promise<RunningFeed> {
  const { runner, log } = options;
  let stopped = false;
  let lock: pg.Client | undefined;
  /** Whether another process may have run the feed since this one's source was made. */
  let behind = false;
  let lastSave = 0;
  let tickTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  /** When the pending tick is due (epoch ms), and whether news came during a step. */
  let dueAt = Number.POSITIVE_INFINITY;
  let stepping = false;
  let kicked = false;
  const schedule = (ms: number) => {
    clearTimeout(tickTimer);
    dueAt = Date.now() + ms;
    tickTimer = setTimeout(loop, ms);
  };

  const setLock = (next: pg.Client | undefined) => {
    const was = lock !== undefined;
    lock = next;
    if (was !== (next !== undefined)) options.onLeading?.(next !== undefined);
  };

  /** A follower's connection, kept between its tries: one PostgreSQL backend, not one a second. */
  let waiting: pg.Client | undefined;
  const ended = new WeakSet<pg.Client>();

  async function connection(): Promise<pg.Client | undefined> {
    if (waiting) return waiting;
    const client = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
    client.on('error', (error) => log(`feed lock connection: ${error.message}`));
    client.once('end', () => {
      ended.add(client);
      if (waiting === client) waiting = undefined;
      if (lock !== client) return;
      setLock(undefined);
      behind = true;
      if (tickTimer) clearTimeout(tickTimer);
      log('feed lock connection lost: this process stops the feed and follows');
      follow();
    });
    try {
      await client.connect();
    } catch (error) {
      log(`feed lock: ${error instanceof Error ? error.message : String(error)}`);
      await client.end().catch(() => {});
      return undefined;
    }
    waiting = client;
    return client;
  }

  async function tryLock(): Promise<boolean> {
    const client = await connection();
    if (!client) return false;
    try {
      const taken = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [FEED_LOCK_KEY],
      );
      if (taken.rows[0]?.locked !== true) return false;
      waiting = undefined;
      if (behind) await runner.takeOver();
    } catch (error) {
      log(`feed lock: ${error instanceof Error ? error.message : String(error)}`);
      if (waiting === client) waiting = undefined;
      await client.end().catch(() => {});
      return false;
    }
    if (stopped || ended.has(client)) {
      await client.end().catch(() => {});
      return false;
    }
    behind = false;
    lastSave = options.clock.now().getTime();
    setLock(client);
    return true;
  }

  const loop = () => {
    if (stopped || !lock) return;
    const now = options.clock.now();
    stepping = true;
    dueAt = Number.POSITIVE_INFINITY;
    current = runner
      .step(now)
      .then(async () => {
        if (now.getTime() - lastSave >= options.saveEveryMs) {
          lastSave = now.getTime();
          await runner.save();
        }
      })
      .catch((error: unknown) => log(`feed step failed: ${String(error)}`))
      .finally(() => {
        stepping = false;
        const soon = kicked;
        kicked = false;
        if (!stopped && lock) schedule(soon ? KICK_MS : options.intervalMs);
      });
  };
  options.wake?.(() => {
    if (stopped || !lock) return;
    if (stepping) kicked = true;
    else if (dueAt > Date.now() + KICK_MS) schedule(KICK_MS);
  });

  function follow() {
    if (stopped || options.retryMs === undefined) return;
    retryTimer = setTimeout(() => {
      void tryLock().then((taken) => {
        if (taken) {
          log('This process took the feed over');
          loop();
        } else follow();
      });
    }, options.retryMs);
  }

  if (await tryLock()) loop();
  else {
    behind = true;
    if (options.retryMs === undefined) await waiting?.end().catch(() => {});
    log(
      options.retryMs === undefined
        ? 'Another process runs the feed; this one reads prices only'
        : 'Another process runs the feed; this one follows it and takes over when it stops',
    );
    follow();
  }

  return {
    get isLeader() {
      return lock !== undefined;
    },
    async stop() {
      stopped = true;
      if (tickTimer) clearTimeout(tickTimer);
      if (retryTimer) clearTimeout(retryTimer);
      await waiting?.end().catch(() => {});
      await current;
      const held = lock;
      if (!held) return;
      await runner.save().catch((error: unknown) => log(`feed save failed: ${String(error)}`));
      setLock(undefined);
      await held.end();
    },
  };
}
