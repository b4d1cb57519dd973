import type { CricketScoreWire, OtherScoreWire } from '@backlay/contract/scores';
import type { CricketScore, OtherScore } from '../../feed/types.js';

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

/** SPEC §3: eventTypeId 2 tennis, 1 soccer. */
export function otherScoreWire(score: OtherScore): OtherScoreWire {
  const side = (entry: OtherScore['home']) => ({ ...entry, gameSequence: [...entry.gameSequence] });
  return {
    eventTypeId: score.kind === 'tennis' ? 2 : 1,
    score: { home: side(score.home), away: side(score.away) },
    currentSet: score.currentSet,
  };
}
