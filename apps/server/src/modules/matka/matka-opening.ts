/**
 * Opening and closing the matka markets by the clock (docs/architecture.md, "Matka, live"): the
 * coming markets created a day before they open, and each look telling everyone which markets
 * opened or closed since the last one.
 */
import type { Db } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import type { MatkaListeners } from './matka-changes.js';
import { dueMarkets, ensureMarkets, type DueMarketRow } from './matka.queries.js';
import { matkaChangeWire } from './matka.wire.js';

/** How often the tick creates the coming markets: they exist a day before they open. */
const ENSURE_EVERY_MS = 60_000;

export interface MatkaOpeningDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly listeners: MatkaListeners;
}

/** What one look found: the markets that opened and closed since the last, and the ones due. */
export interface MatkaLook {
  readonly opened: DueMarketRow[];
  readonly closed: DueMarketRow[];
  /** Every market whose close has passed, oldest first: due for its draw. */
  readonly due: DueMarketRow[];
}

/**
 * This instance's look at the markets, the first half of the scheduler's pass (the service's
 * `tick`, which then draws the due ones).
 */
export function createMatkaOpening(deps: MatkaOpeningDeps): () => Promise<MatkaLook> {
  const { db, clock, listeners } = deps;
  /** When the tick last created the coming markets, and the `now` of its last look. */
  let ensuredAt: number | undefined;
  let lookedAt: Date | null = null;

  return async function look(): Promise<MatkaLook> {
    const now = clock.now();
    if (ensuredAt === undefined || Math.abs(now.getTime() - ensuredAt) >= ENSURE_EVERY_MS) {
      await ensureMarkets(db, now);
      ensuredAt = now.getTime();
    }
    const since = lookedAt;
    const markets = await dueMarkets(db, now, since);
    lookedAt = now;
    const opened: DueMarketRow[] = [];
    const closed: DueMarketRow[] = [];
    const due: DueMarketRow[] = [];
    for (const market of markets) {
      if (market.closesAt.getTime() > now.getTime()) opened.push(market);
      else {
        due.push(market);
        if (since === null || market.closesAt.getTime() > since.getTime()) closed.push(market);
      }
    }
    // The clock's changes: nothing to commit, told at once.
    for (const market of opened) listeners.onChanged?.(matkaChangeWire(market, 'open'));
    for (const market of closed) listeners.onChanged?.(matkaChangeWire(market, 'closed'));
    return { opened, closed, due };
  };
}
