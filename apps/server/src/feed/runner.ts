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
}

/** Names the advisory lock that makes exactly one process run the feed (DESIGN §6). */
export const FEED_LOCK_KEY = 7_431_902;

export interface FeedRunner {
  /** Ticks the source once at `now` and applies what it produced. */
  step(now: Date): Promise<void>;
  /** Applies updates made elsewhere (operator fixtures) in turn with the ticks. */
  inject(updates: readonly FeedUpdate[]): Promise<void>;
  /** Saves the source's state now. */
  save(): Promise<void>;
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
  };
}

export interface RunningFeed {
  /** False when another process holds the feed lock. */
  readonly isLeader: boolean;
  stop(): Promise<void>;
}

/**
 * Runs the feed: takes the advisory lock on its own connection (held for as long as the feed
 * runs), then ticks every `intervalMs` and saves the state every `saveEveryMs`.
 */
export async function runFeed(options: {
  databaseUrl: string;
  runner: FeedRunner;
  clock: Clock;
  intervalMs: number;
  saveEveryMs: number;
  log: (message: string) => void;
}): Promise<RunningFeed> {
  const lock = new pg.Client({ connectionString: options.databaseUrl });
  lock.on('error', (error) => options.log(`feed lock connection: ${error.message}`));
  await lock.connect();
  const taken = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
    FEED_LOCK_KEY,
  ]);
  if (!taken.rows[0]?.locked) {
    await lock.end();
    options.log('Another process runs the feed; this one reads prices only');
    return { isLeader: false, stop: async () => {} };
  }

  let stopped = false;
  let lastSave = options.clock.now().getTime();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const loop = () => {
    if (stopped) return;
    const now = options.clock.now();
    current = options.runner
      .step(now)
      .then(async () => {
        if (now.getTime() - lastSave >= options.saveEveryMs) {
          lastSave = now.getTime();
          await options.runner.save();
        }
      })
      .catch((error: unknown) => options.log(`feed step failed: ${String(error)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, options.intervalMs);
      });
  };
  loop();

  return {
    isLeader: true,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      await options.runner
        .save()
        .catch((error: unknown) => options.log(`feed save failed: ${String(error)}`));
      await lock.end();
    },
  };
}
