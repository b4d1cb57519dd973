import { INNINGS_BALLS, strengthRunFactor, type InningsState } from './cricket-model.js';
import type { CricketEvent, Innings, Side } from './state.js';

/**
 * A T20 match's innings as the other cricket files read them: the one in play, a side's, a fresh
 * one, and what the model needs of them (a side's run factor, the balls still to come).
 */

export const zeroInnings: InningsState = { balls: 0, wickets: 0, runs: 0 };

export function other(side: Side): Side {
  return side === 0 ? 1 : 0;
}

export function inningsOf(event: CricketEvent, side: Side): Innings | undefined {
  return event.innings.find((innings) => innings.side === side);
}

export function current(event: CricketEvent): Innings | undefined {
  return event.innings[event.innings.length - 1];
}

export function runFactor(event: CricketEvent, side: Side): number {
  return strengthRunFactor(event.sides[side].strength);
}

/** Legal balls still to be bowled in the match, as about 0.9 of those left get bowled. */
export function ballsToCome(event: CricketEvent): number {
  const first = event.innings[0];
  const second = event.innings[1];
  const left1 = first === undefined ? INNINGS_BALLS : INNINGS_BALLS - first.balls;
  const left2 = second === undefined ? INNINGS_BALLS : INNINGS_BALLS - second.balls;
  // Not every ball gets bowled (all out, a chase won early): about 0.9 of them on average.
  return (left1 + left2) * 0.9;
}

export function inningsStart(side: Side): Innings {
  return {
    side,
    runs: 0,
    wickets: 0,
    balls: 0,
    batters: Array.from({ length: 11 }, () => ({ runs: 0, balls: 0, isOut: false })),
    striker: 0,
    nonStriker: 1,
    nextBatter: 2,
  };
}
