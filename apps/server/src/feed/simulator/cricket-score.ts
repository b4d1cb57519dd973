import type { CricketInnings, CricketScore, FeedUpdate } from '../types.js';
import { INNINGS_BALLS } from './cricket-model.js';
import type { CricketEvent, Innings } from './state.js';

/** A T20 match's scoreboard: the score update (innings, overs, run rates, commentary) a step sends. */

function oversText(balls: number): string {
  return `${Math.floor(balls / 6)}.${balls % 6}`;
}

function inningsScore(event: CricketEvent, innings: Innings): CricketInnings {
  const rate = innings.balls === 0 ? 0 : (innings.runs * 6) / innings.balls;
  return {
    team: event.sides[innings.side].name,
    runs: innings.runs,
    wickets: innings.wickets,
    overs: oversText(innings.balls),
    runRate: Math.round(rate * 100) / 100,
  };
}

export function scoreUpdate(event: CricketEvent, commentary: string): FeedUpdate {
  const first = event.innings[0];
  const second = event.innings[1];
  let required: number | null = null;
  if (first !== undefined && second !== undefined && second.balls < INNINGS_BALLS) {
    const need = Math.max(0, first.runs + 1 - second.runs);
    required = Math.round(((need * 6) / (INNINGS_BALLS - second.balls)) * 100) / 100;
  }
  const score: CricketScore = {
    kind: 'cricket',
    innings: event.innings.map((innings) => inningsScore(event, innings)),
    currentOver: [...event.currentOver],
    lastOver: [...event.lastOver],
    requiredRunRate: required,
    commentary,
  };
  return { kind: 'score', eventId: event.eventId, score };
}
