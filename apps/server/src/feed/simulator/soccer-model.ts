import { clamp, poissonProbabilities } from './stats.js';

/**
 * The soccer model (docs/decisions.md#feed "soccer: score and minute"): each side's remaining goals are
 * Poisson with its 90-minute rate scaled by the minutes left; the three-way chances come from the
 * joint distribution of the final score.
 */

/** Goals beyond this many more per side are ignored (their probability is negligible). */
const MAX_MORE_GOALS = 12;

/** [home, away, draw] chances of the final result; they sum to 1, each kept off 0 and 1. */
export function soccerChances(
  homeGoals: number,
  awayGoals: number,
  minutesLeft: number,
  homeRate: number,
  awayRate: number,
): [number, number, number] {
  const share = Math.max(0, minutesLeft) / 90;
  const home = poissonProbabilities(homeRate * share, MAX_MORE_GOALS);
  const away = poissonProbabilities(awayRate * share, MAX_MORE_GOALS);
  let homeWin = 0;
  let awayWin = 0;
  let draw = 0;
  home.forEach((ph, i) => {
    away.forEach((pa, j) => {
      const margin = homeGoals + i - (awayGoals + j);
      const p = ph * pa;
      if (margin > 0) homeWin += p;
      else if (margin < 0) awayWin += p;
      else draw += p;
    });
  });
  const floor = 0.0005;
  const h = clamp(homeWin, floor, 1);
  const a = clamp(awayWin, floor, 1);
  const d = clamp(draw, floor, 1);
  const total = h + a + d;
  return [h / total, a / total, d / total];
}

/**
 * Chance the match ends with more than `line` goals (an over/under line `line`.5), the remaining
 * goals of both sides Poisson with their rates scaled by the minutes left; kept off 0 and 1.
 */
export function overChance(
  goals: number,
  line: number,
  minutesLeft: number,
  homeRate: number,
  awayRate: number,
): number {
  const mean = ((homeRate + awayRate) * Math.max(0, minutesLeft)) / 90;
  const needed = line + 1 - goals;
  if (needed <= 0) return 0.9995;
  const under = poissonProbabilities(mean, needed - 1).reduce((sum, p) => sum + p, 0);
  return clamp(1 - under, 0.0005, 0.9995);
}

/** Chance of a goal by a side in one minute of play at 90-minute rate `rate` (late goals a bit likelier). */
export function goalChancePerMinute(rate: number, minute: number): number {
  const lateBoost = minute > 75 ? 1.2 : 1;
  return 1 - Math.exp(-(rate / 90) * lateBoost);
}
