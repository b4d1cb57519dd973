import type { CricketScoreWire, OtherScoreWire } from '@backlay/contract/scores';
import type { CricketScore, OtherScore, TennisPoints } from '../../feed/types.js';

export function cricketScoreWire(score: CricketScore): CricketScoreWire {
  return {
    Innings: score.innings.map((innings) => ({
      Team: innings.team,
      Summary: `${innings.runs}/${innings.wickets}`,
      Overs: innings.overs,
      CRR: innings.runRate,
    })),
    CurrentOver: { Balls: [...score.currentOver] },
    LastOver: { Balls: [...score.lastOver] },
    RequiredRunRate: score.requiredRunRate,
    MatchCommentary: score.commentary,
  };
}

const GAME_CALLS = ['0', '15', '30', '40'];

/**
 * A game's points as the umpire calls them: 0, 15, 30, 40; from three points each, 40 all at
 * deuce and AD to the one a point ahead. A tie-break's points are called as counted.
 */
export function tennisPointCalls(points: TennisPoints): NonNullable<OtherScoreWire['points']> {
  const { home, away, isTiebreak } = points;
  if (isTiebreak) return { home: String(home), away: String(away), isTiebreak };
  if (home >= 3 && away >= 3) {
    return {
      home: home > away ? 'AD' : '40',
      away: away > home ? 'AD' : '40',
      isTiebreak,
    };
  }
  return { home: GAME_CALLS[home] ?? '40', away: GAME_CALLS[away] ?? '40', isTiebreak };
}

/** docs/product.md#entities: eventTypeId 2 tennis, 1 soccer; tennis adds the game in play and the server. */
export function otherScoreWire(score: OtherScore): OtherScoreWire {
  const side = (entry: OtherScore['home']) => ({ ...entry, gameSequence: [...entry.gameSequence] });
  return {
    eventTypeId: score.kind === 'tennis' ? 2 : 1,
    score: { home: side(score.home), away: side(score.away) },
    currentSet: score.currentSet,
    ...(score.points && { points: tennisPointCalls(score.points) }),
    ...(score.server && { server: score.server }),
  };
}
