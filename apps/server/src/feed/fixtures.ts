import type { FixtureStep } from '@backlay/contract/ops';
import { assertNever, oddsFromDecimal, toBookmakerOdds } from '@backlay/domain';
import type { PriceBook } from './price-book.js';
import type { ScoreBook } from './score-book.js';
import { simulatedMarketIdParse } from './simulator/index.js';
import type { CricketInnings, CricketScore, FeedUpdate, OtherScore, PriceSize } from './types.js';

export type StepOutcome =
  | { readonly ok: true; readonly updates: FeedUpdate[] }
  | { readonly ok: false; readonly message: string };

/** T20: 120 balls an innings. */
const BALLS_PER_INNINGS = 120;

function ballsOf(overs: string): number {
  const [whole, part] = overs.split('.');
  return Number(whole) * 6 + Number(part ?? 0);
}

function convertSide(
  marketId: string,
  sides: readonly { price: number; size: number }[],
): PriceSize[] | string {
  const isBookmaker = simulatedMarketIdParse(marketId)?.kind === 'BOOKMAKER';
  const out: PriceSize[] = [];
  for (const side of sides) {
    const price = isBookmaker ? toBookmakerOdds(side.price) : oddsFromDecimal(side.price);
    if (price === null)
      return `${side.price} is not a valid ${isBookmaker ? 'bookmaker' : 'decimal'} price`;
    out.push({ price, size: side.size });
  }
  return out;
}

/** The cricket score after one ball: over in progress, last over, run rates (docs/product.md#entities). */
export function cricketScoreAfterBall(
  previous: CricketScore | undefined,
  innings: readonly { team: string; runs: number; wickets: number; overs: string }[],
  ball: string,
  commentary: string,
): CricketScore {
  const withRates: CricketInnings[] = innings.map((entry) => {
    const balls = ballsOf(entry.overs);
    return { ...entry, runRate: balls === 0 ? 0 : Math.round((entry.runs * 600) / balls) / 100 };
  });
  const current = innings[innings.length - 1];
  const previousCurrent = previous?.innings[previous.innings.length - 1];
  const sameOver =
    previous !== undefined &&
    previous.innings.length === innings.length &&
    previousCurrent !== undefined &&
    current !== undefined &&
    Math.floor(Math.max(0, ballsOf(previousCurrent.overs) - 1) / 6) ===
      Math.floor(Math.max(0, ballsOf(current.overs) - 1) / 6);
  const currentOver = sameOver ? [...(previous?.currentOver ?? []), ball] : [ball];
  const lastOver = sameOver ? (previous?.lastOver ?? []) : (previous?.currentOver ?? []);
  let requiredRunRate: number | null = null;
  const first = innings[0];
  if (innings.length === 2 && first && current) {
    const ballsLeft = BALLS_PER_INNINGS - ballsOf(current.overs);
    const needed = first.runs + 1 - current.runs;
    requiredRunRate = ballsLeft > 0 ? Math.round((needed * 600) / ballsLeft) / 100 : null;
  }
  return {
    kind: 'cricket',
    innings: withRates,
    currentOver,
    lastOver,
    requiredRunRate,
    commentary,
  };
}

/** The feed updates of one operator fixture step (docs/decisions.md#feed scripted adapter). */
export function fixtureStepUpdates(
  eventId: number,
  step: FixtureStep,
  books: { priceBook: PriceBook; scores: ScoreBook },
  at: number,
): StepOutcome {
  switch (step.kind) {
    case 'prices': {
      const runners = [];
      for (const runner of step.runners) {
        const back = convertSide(step.marketId, runner.back);
        const lay = convertSide(step.marketId, runner.lay);
        if (typeof back === 'string') return { ok: false, message: back };
        if (typeof lay === 'string') return { ok: false, message: lay };
        runners.push({ selectionId: runner.selectionId, status: runner.status, back, lay });
      }
      return {
        ok: true,
        updates: [{ kind: 'market', marketId: step.marketId, status: step.status, runners }],
      };
    }
    case 'fancy':
      return { ok: true, updates: [{ kind: 'fancy', eventId, rows: step.rows }] };
    case 'suspend':
    case 'resume': {
      const book = books.priceBook.market(step.marketId, at);
      if (!book) return { ok: false, message: `No prices for market ${step.marketId} yet` };
      const status = step.kind === 'suspend' ? 'SUSPENDED' : 'ACTIVE';
      return {
        ok: true,
        updates: [{ kind: 'market', marketId: step.marketId, status, runners: book.runners }],
      };
    }
    case 'status':
      return { ok: true, updates: [{ kind: 'eventStatus', eventId, status: step.status }] };
    case 'ball': {
      const previous = books.scores.get(eventId);
      const score = cricketScoreAfterBall(
        previous?.kind === 'cricket' ? previous : undefined,
        step.innings,
        step.ball,
        step.commentary,
      );
      return { ok: true, updates: [{ kind: 'score', eventId, score }] };
    }
    case 'tennis': {
      const [home, away] = step.players;
      if (!home || !away) return { ok: false, message: 'A tennis score needs two players' };
      const side = ({ name, sets, games, gameSequence }: typeof home) => ({
        name,
        score: sets,
        games,
        gameSequence,
      });
      const score: OtherScore = {
        kind: 'tennis',
        home: side(home),
        away: side(away),
        currentSet: Math.min(3, home.gameSequence.length + 1),
        commentary: step.commentary,
        points: { home: home.points, away: away.points, isTiebreak: step.isTiebreak },
        server: step.server,
      };
      return { ok: true, updates: [{ kind: 'score', eventId, score }] };
    }
    case 'result':
      return {
        ok: true,
        updates: [
          {
            kind: 'result',
            declaration: {
              kind: 'market',
              marketId: step.marketId,
              winnerSelectionId: step.winnerSelectionId,
            },
          },
        ],
      };
    case 'fancy-result':
      return {
        ok: true,
        updates: [
          {
            kind: 'result',
            declaration: { kind: 'fancy', selectionId: step.selectionId, runs: step.runs },
          },
        ],
      };
    case 'void':
      return {
        ok: true,
        updates: [
          {
            kind: 'result',
            declaration: step.target.includes('-')
              ? { kind: 'void-fancy', selectionId: step.target, reason: step.reason }
              : { kind: 'void-market', marketId: step.target, reason: step.reason },
          },
        ],
      };
    default: {
      return assertNever(step, 'fixture step');
    }
  }
}

/** The scripted feed's own ids: `1.<EventId>` for match odds (simulator/markets.ts), ours for the rest. */
const eventOfMarket = (marketId: string) => simulatedMarketIdParse(marketId)?.eventId;
const eventOfSession = (selectionId: string) => Number(selectionId.split('-')[0]);

/** Every event a step's markets and sessions belong to, read from the scripted feed's ids. */
export function stepEventIds(step: FixtureStep): (number | undefined)[] {
  switch (step.kind) {
    case 'prices':
    case 'suspend':
    case 'resume':
    case 'result':
      return [eventOfMarket(step.marketId)];
    case 'fancy-result':
      return [eventOfSession(step.selectionId)];
    case 'fancy':
      return step.rows.map((row) => eventOfSession(row.selectionId));
    case 'void':
      return [step.target.includes('-') ? eventOfSession(step.target) : eventOfMarket(step.target)];
    case 'status':
    case 'ball':
    case 'tennis':
      return [];
    default: {
      return assertNever(step, 'fixture step');
    }
  }
}
