import type { Db } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import * as q from './news.queries.js';

/** How many of the latest messages the ticker and the landing marquee carry. */
export const TICKER_SIZE = 10;

export function createNewsService(deps: { db: Db; clock: Clock }) {
  return {
    ticker: () => q.listNews(deps.db, TICKER_SIZE),
    all: () => q.listNews(deps.db),
    publish: (message: string) => q.insertNews(deps.db, message.trim(), deps.clock.now()),
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
