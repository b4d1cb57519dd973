import { readFile } from 'node:fs/promises';
import { fixtureEventBody, fixtureStep } from '@backlay/contract/ops';
import { z } from 'zod';
import { fixtureStepUpdates, stepEventIds } from './fixtures.js';
import { createMemoryPriceBook } from './price-book.js';
import { createScoreBook } from './score-book.js';
import { fixtureEventSpec, fixtureMarketsProblem, type Fixture } from './scripted.js';
import type { FeedUpdate } from './types.js';

/**
 * A fixture file (FEED_FIXTURE): events with fixed ids and the steps the operator API also takes,
 * each at an offset in ms from the feed's start.
 */
const fixtureFile = z.object({
  events: z.array(
    fixtureEventBody.extend({
      eventId: z.number().int().positive(),
      atMs: z.number().int().nonnegative().default(0),
    }),
  ),
  steps: z.array(
    z.object({
      atMs: z.number().int().nonnegative(),
      eventId: z.number().int().positive(),
      step: fixtureStep,
    }),
  ),
});

/** Turns a fixture file's text into timed feed updates; throws a message naming the bad entry. */
export function parseFixture(text: string, start: Date): Fixture {
  const parsed = fixtureFile.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid fixture file:\n  ${problems.join('\n  ')}`);
  }
  const timed: { atMs: number; update: FeedUpdate }[] = [];
  for (const event of parsed.data.events) {
    const marketsProblem = fixtureMarketsProblem(event.sportId, event.markets);
    if (marketsProblem)
      throw new Error(`Invalid fixture file: event ${event.eventId}: ${marketsProblem}`);
    const startTime = event.startTime
      ? new Date(event.startTime)
      : new Date(start.getTime() + event.atMs);
    timed.push({
      atMs: event.atMs,
      update: { kind: 'event', event: fixtureEventSpec(event.eventId, { ...event, startTime }) },
    });
    if (event.inPlay)
      timed.push({
        atMs: event.atMs,
        update: { kind: 'eventStatus', eventId: event.eventId, status: 'inplay' },
      });
  }
  // Steps that read the books (suspend, resume, a ball) read the books as the fixture builds them.
  const books = {
    priceBook: createMemoryPriceBook(Number.MAX_SAFE_INTEGER, null),
    scores: createScoreBook(),
  };
  for (const event of parsed.data.events) {
    for (const market of fixtureEventSpec(event.eventId, { ...event, startTime: start }).markets) {
      books.priceBook.register(
        market.marketId,
        event.eventId,
        0,
        market.runners,
        market.marketType,
      );
    }
  }
  const steps = [...parsed.data.steps].sort((a, b) => a.atMs - b.atMs);
  for (const [index, entry] of steps.entries()) {
    if (stepEventIds(entry.step).some((id) => id !== entry.eventId)) {
      throw new Error(
        `Invalid fixture file: step ${index} names a market or session outside event ${entry.eventId}`,
      );
    }
    const outcome = fixtureStepUpdates(entry.eventId, entry.step, books, entry.atMs);
    if (!outcome.ok) throw new Error(`Invalid fixture file: step ${index}: ${outcome.message}`);
    for (const update of outcome.updates) {
      if (update.kind === 'market')
        books.priceBook.putMarket(update.marketId, update.status, update.runners, entry.atMs);
      if (update.kind === 'score') books.scores.set(update.eventId, update.score);
      timed.push({ atMs: entry.atMs, update });
    }
  }
  timed.sort((a, b) => a.atMs - b.atMs);
  return { steps: timed };
}

export async function loadFixture(path: string, start: Date): Promise<Fixture> {
  return parseFixture(await readFile(path, 'utf8'), start);
}
