import { assertNever, bookmakerMarketId } from '@backlay/domain';
import type { FeedUpdate } from '../types.js';
import type { Updates } from './context.js';
import { ALL_OUT } from './cricket-model.js';
import { COMPLETED, TIED, yesNoQuiet } from './cricket-prices.js';
import { scoreUpdate } from './cricket-score.js';
import {
  bookmakerRunnerIds,
  extraMarketId,
  extraRunnerIds,
  marketQuiet,
  matchOddsRunnerIds,
  runnerId,
  simulatedMatchOddsId,
} from './markets.js';
import type { CricketEvent, Innings, Session, Side } from './state.js';

/**
 * Settling a T20 match (docs/decisions.md#feed): each session as its over, wicket or innings
 * completes, and every market and session still open when the match ends.
 */

function declareFancy(session: Session, runs: number): FeedUpdate {
  session.isDeclared = true;
  return { kind: 'result', declaration: { kind: 'fancy', selectionId: session.selectionId, runs } };
}

function voidFancy(session: Session, reason: string): FeedUpdate {
  session.isDeclared = true;
  return {
    kind: 'result',
    declaration: { kind: 'void-fancy', selectionId: session.selectionId, reason },
  };
}

/** Sessions of the innings' side settled by this ball (docs/decisions.md#feed: when their over completes). */
export function settleAfterBall(
  event: CricketEvent,
  innings: Innings,
  ball: {
    readonly isLegal: boolean;
    readonly isWicket: boolean;
    readonly batRuns: number;
    readonly out: number;
  },
): Updates {
  const out: Updates = [];
  for (const session of event.sessions) {
    if (session.isDeclared || session.side !== innings.side) continue;
    switch (session.kind) {
      case 'overRuns':
        if (ball.isLegal && innings.balls === session.param)
          out.push(declareFancy(session, innings.runs));
        break;
      case 'wicketFall':
        if (ball.isWicket && innings.wickets === session.param)
          out.push(declareFancy(session, innings.runs));
        break;
      case 'batter':
        if (ball.isWicket && ball.out === session.param) {
          out.push(declareFancy(session, innings.batters[session.param]?.runs ?? 0));
        }
        break;
      case 'ballRuns':
        if (ball.isLegal && innings.balls - 1 === session.param)
          out.push(declareFancy(session, ball.batRuns));
        break;
      case 'boundaries':
      case 'sixes':
        break;
      default:
        return assertNever(session.kind, 'session kind');
    }
  }
  return out;
}

/**
 * Sessions still open when an innings ends: runs lines on the innings total (docs/decisions.md#money: a session
 * whose innings ends early settles on the innings total), batters on their score, a ball never
 * bowled void.
 */
export function settleInningsEnd(event: CricketEvent, innings: Innings): Updates {
  const out: Updates = [];
  for (const session of event.sessions) {
    if (session.isDeclared || session.side !== innings.side) continue;
    switch (session.kind) {
      case 'overRuns':
      case 'wicketFall':
        out.push(declareFancy(session, innings.runs));
        break;
      case 'batter':
        out.push(
          session.param < innings.nextBatter
            ? declareFancy(session, innings.batters[session.param]?.runs ?? 0)
            : voidFancy(session, 'Did not bat'),
        );
        break;
      case 'ballRuns':
        out.push(voidFancy(session, 'Ball not bowled'));
        break;
      case 'boundaries':
      case 'sixes':
        break;
      default:
        return assertNever(session.kind, 'session kind');
    }
  }
  return out;
}

export function resultText(event: CricketEvent): string {
  const first = event.innings[0];
  const second = event.innings[1];
  if (first === undefined || second === undefined) return '';
  if (second.runs > first.runs) {
    return `${event.sides[second.side].name} won by ${ALL_OUT - second.wickets} wickets`;
  }
  if (second.runs === first.runs) return 'Match tied';
  return `${event.sides[first.side].name} won by ${first.runs - second.runs} runs`;
}

export function finishMatch(event: CricketEvent, commentary: string): Updates {
  const first = event.innings[0];
  const second = event.innings[1];
  const out: Updates = [scoreUpdate(event, commentary)];
  const moId = simulatedMatchOddsId(event.eventId);
  const bmId = bookmakerMarketId(event.eventId);
  if (first !== undefined && second !== undefined && first.runs !== second.runs) {
    const winner: Side = second.runs > first.runs ? second.side : first.side;
    out.push(
      {
        kind: 'result',
        declaration: {
          kind: 'market',
          marketId: moId,
          winnerSelectionId: runnerId(event.eventId, winner === 0 ? 'home' : 'away'),
        },
      },
      {
        kind: 'result',
        declaration: {
          kind: 'market',
          marketId: bmId,
          winnerSelectionId: runnerId(event.eventId, winner === 0 ? 'bmHome' : 'bmAway'),
        },
      },
    );
  } else {
    // A tie voids the match markets (the brief; docs/decisions.md#money void).
    out.push(
      {
        kind: 'result',
        declaration: { kind: 'void-market', marketId: moId, reason: 'Match tied' },
      },
      {
        kind: 'result',
        declaration: { kind: 'void-market', marketId: bmId, reason: 'Match tied' },
      },
    );
  }
  // Tied match: Yes only on a tie; completed match: Yes (the simulator never abandons a match).
  const isTie = first !== undefined && second !== undefined && first.runs === second.runs;
  const [tiedYes, tiedNo] = extraRunnerIds(event.eventId, TIED);
  const [completedYes] = extraRunnerIds(event.eventId, COMPLETED);
  out.push(
    {
      kind: 'result',
      declaration: {
        kind: 'market',
        marketId: extraMarketId(event.eventId, TIED),
        winnerSelectionId: isTie ? tiedYes : tiedNo,
      },
    },
    {
      kind: 'result',
      declaration: {
        kind: 'market',
        marketId: extraMarketId(event.eventId, COMPLETED),
        winnerSelectionId: completedYes,
      },
    },
  );
  for (const session of event.sessions) {
    if (session.isDeclared) continue;
    out.push(
      session.kind === 'boundaries'
        ? declareFancy(session, event.boundaries)
        : session.kind === 'sixes'
          ? declareFancy(session, event.sixes)
          : voidFancy(session, 'Match over'),
    );
  }
  out.push(
    { kind: 'fancy', eventId: event.eventId, rows: [] },
    marketQuiet(moId, 'CLOSED', matchOddsRunnerIds(event.eventId, false)),
    marketQuiet(bmId, 'CLOSED', bookmakerRunnerIds(event.eventId)),
    ...yesNoQuiet(event, 'CLOSED'),
    { kind: 'eventStatus', eventId: event.eventId, status: 'closed' },
  );
  event.isInPlay = false;
  event.isClosed = true;
  event.stage = 'finish';
  return out;
}
