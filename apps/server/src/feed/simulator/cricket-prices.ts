import { bookmakerMarketId } from '@backlay/domain';
import type { FeedUpdate } from '../types.js';
import type { QuoteContext, Updates } from './context.js';
import { ballsToCome, other, runFactor, zeroInnings } from './cricket-innings.js';
import {
  chancesToPair,
  chaseChances,
  firstInningsChances,
  INNINGS_BALLS,
  type ChaseChances,
} from './cricket-model.js';
import {
  bookmakerRunnerIds,
  extraMarketId,
  extraRunnerIds,
  marketOpen,
  marketQuiet,
  matchOddsRunnerIds,
  simulatedMatchOddsId,
} from './markets.js';
import { bookmakerQuotes, exchangeQuotes, sideMarketQuotes } from './quote.js';
import type { CricketEvent, Side } from './state.js';
import { clamp } from './stats.js';

/**
 * A T20 match's match odds, bookmaker, tied match and completed match (docs/decisions.md#feed):
 * priced from cricket-model's chances, suspended (the bookmaker while a ball is bowled, all of
 * them around a wicket) and closed.
 */

/** The model's chances of the present state, each with the side that bats second (1 or 2 of them). */
function outcomeChances(event: CricketEvent): { chaser: Side; chances: ChaseChances }[] {
  const first = event.innings[0];
  const second = event.innings[1];
  if (event.battingFirst === null || first === undefined) {
    // Before the toss: either side may bat first, equally likely.
    return [
      {
        chaser: 1,
        chances: firstInningsChances(zeroInnings, runFactor(event, 0), runFactor(event, 1)),
      },
      {
        chaser: 0,
        chances: firstInningsChances(zeroInnings, runFactor(event, 1), runFactor(event, 0)),
      },
    ];
  }
  const chaser = other(first.side);
  if (second === undefined) {
    return [
      {
        chaser,
        chances: firstInningsChances(first, runFactor(event, first.side), runFactor(event, chaser)),
      },
    ];
  }
  return [{ chaser, chances: chaseChances(second, first.runs + 1, runFactor(event, chaser)) }];
}

/** [home, away] win probabilities of the match's present state (a tie's share split evenly). */
export function cricketChances(event: CricketEvent): [number, number] {
  const pairs = outcomeChances(event).map(({ chaser, chances }): [number, number] => {
    const [chaserP, defenderP] = chancesToPair(chances);
    return chaser === 0 ? [chaserP, defenderP] : [defenderP, chaserP];
  });
  if (pairs.length === 1 && pairs[0] !== undefined) return pairs[0];
  const home = pairs.reduce((sum, [homeP]) => sum + homeP, 0) / pairs.length;
  return [home, 1 - home];
}

/** The model's chance of a tie (the Tied Match market's Yes), kept off 0 and 1. */
export function cricketTieChance(event: CricketEvent): number {
  const all = outcomeChances(event);
  const tie = all.reduce((sum, { chances }) => sum + chances.tie, 0) / all.length;
  return clamp(tie, 0.0005, 0.9995);
}

/**
 * The chance the match is completed (the Completed Match market's Yes): the simulator never
 * abandons a match, but the market prices a small risk of it — 4 % before the start, shrinking
 * with the balls still to come.
 */
export function cricketCompletionChance(event: CricketEvent): number {
  return 1 - clamp((0.04 * ballsToCome(event)) / (2 * INNINGS_BALLS * 0.9), 0.0005, 0.04);
}

export const TIED: { kind: 'TIED_MATCH' } = { kind: 'TIED_MATCH' };
export const COMPLETED: { kind: 'COMPLETED_MATCH' } = { kind: 'COMPLETED_MATCH' };

/** The tied match and completed match quotes (Yes, No) from the model; `rng` draws nothing. */
function yesNoUpdates(event: CricketEvent, ctx: QuoteContext): Updates {
  return [TIED, COMPLETED].map((market) => {
    const [yes, no] = extraRunnerIds(event.eventId, market);
    const p =
      market.kind === 'TIED_MATCH' ? cricketTieChance(event) : cricketCompletionChance(event);
    return marketOpen(
      extraMarketId(event.eventId, market),
      sideMarketQuotes(
        ctx.rng,
        [
          { selectionId: yes, probability: p },
          { selectionId: no, probability: 1 - p },
        ],
        ctx.margins,
      ),
    );
  });
}

export function yesNoQuiet(event: CricketEvent, status: 'SUSPENDED' | 'CLOSED'): Updates {
  return [TIED, COMPLETED].map((market) =>
    marketQuiet(
      extraMarketId(event.eventId, market),
      status,
      extraRunnerIds(event.eventId, market),
    ),
  );
}

export function priceUpdates(event: CricketEvent, ctx: QuoteContext): Updates {
  const { rng, margins } = ctx;
  const [home, away] = cricketChances(event);
  const [moHome, moAway] = matchOddsRunnerIds(event.eventId, false);
  const [bmHome, bmAway] = bookmakerRunnerIds(event.eventId);
  const exchange = exchangeQuotes(
    rng,
    [
      { selectionId: moHome ?? 0, probability: home },
      { selectionId: moAway ?? 0, probability: away },
    ],
    margins,
  );
  return [
    marketOpen(simulatedMatchOddsId(event.eventId), exchange),
    marketOpen(
      bookmakerMarketId(event.eventId),
      bookmakerQuotes(
        rng,
        [
          { selectionId: bmHome ?? 0, probability: home },
          { selectionId: bmAway ?? 0, probability: away },
        ],
        margins,
        exchange,
      ),
    ),
    ...yesNoUpdates(event, ctx),
  ];
}

export function suspendBookmaker(event: CricketEvent): FeedUpdate {
  return marketQuiet(
    bookmakerMarketId(event.eventId),
    'SUSPENDED',
    bookmakerRunnerIds(event.eventId),
  );
}

export function suspendMarkets(event: CricketEvent): Updates {
  return [
    marketQuiet(
      simulatedMatchOddsId(event.eventId),
      'SUSPENDED',
      matchOddsRunnerIds(event.eventId, false),
    ),
    suspendBookmaker(event),
    ...yesNoQuiet(event, 'SUSPENDED'),
  ];
}
