import { assertNever } from '@backlay/domain';
import type { StepContext, Updates } from './context.js';
import { fancyUpdate } from './cricket-fancy.js';
import { other } from './cricket-innings.js';
import {
  ALL_OUT,
  BALL_KINDS,
  ballWeights,
  INNINGS_BALLS,
  NO_BALL_BAT_RUNS,
  NO_BALL_BAT_WEIGHTS,
  type BallKind,
} from './cricket-model.js';
import { priceUpdates, suspendMarkets } from './cricket-prices.js';
import { scoreUpdate } from './cricket-score.js';
import { finishMatch, resultText, settleAfterBall, settleInningsEnd } from './cricket-settle.js';
import { BETWEEN_BALLS, INNINGS_BREAK, OVER_BREAK, WICKET_SUSPENSION } from './cricket-tempo.js';
import { rngInt, rngPick, rngWeighted } from './rng.js';
import type { CricketEvent, Innings } from './state.js';
import { clamp } from './stats.js';

/**
 * One delivery of a T20 match (docs/decisions.md#feed): what is bowled, what it does to the score
 * and the sessions, and what comes next (the next ball, a wicket's suspension, the innings break
 * or the result).
 */

function ballLabel(kind: BallKind, total: number): string {
  switch (kind.code) {
    case 'dot':
      return '0';
    case 'wicket':
      return 'W';
    case 'wide':
      return `${total}wd`;
    case 'noball':
      return `${total}nb`;
    case 'one':
    case 'two':
    case 'three':
    case 'four':
    case 'six':
      return String(total);
    default:
      return assertNever(kind.code, 'ball kind');
  }
}

const PHRASES: Readonly<Record<BallKind['code'], readonly string[]>> = {
  dot: [
    'no run, defended back to the bowler',
    'beaten outside off, no run',
    'dot ball, straight to point',
  ],
  one: ['pushed to long-on for a single', 'worked off the pads for one', 'quick single to cover'],
  two: ['driven into the gap, they come back for two', 'two runs, good running'],
  three: ['chased down just inside the rope, three runs'],
  four: ['FOUR, driven through the covers', 'FOUR, pulled fine', 'FOUR, cut past point'],
  six: [
    'SIX, lofted over long-on',
    'SIX, swept high over midwicket',
    'SIX, straight down the ground',
  ],
  wicket: [
    'OUT, caught at deep midwicket',
    'OUT, bowled through the gate',
    'OUT, lbw, plumb in front',
    'OUT, run out at the non-striker end',
  ],
  wide: ['wide down the leg side'],
  noball: ['no-ball, overstepped; free hit to come'],
};

function aggressionOf(event: CricketEvent, innings: Innings): number {
  const base = event.sides[innings.side].strength;
  const first = event.innings[0];
  if (innings === first || first === undefined) return base;
  const need = first.runs + 1 - innings.runs;
  const required = (need * 6) / Math.max(1, INNINGS_BALLS - innings.balls);
  // A steep chase swings harder: more boundaries, more wickets.
  return base * clamp(1 + (required - 8) * 0.04, 0.85, 1.35);
}

function isInningsOver(event: CricketEvent, innings: Innings): boolean {
  const first = event.innings[0];
  const isChaseWon = innings !== first && first !== undefined && innings.runs > first.runs;
  return innings.wickets >= ALL_OUT || innings.balls >= INNINGS_BALLS || isChaseWon;
}

export function bowlBall(event: CricketEvent, innings: Innings, ctx: StepContext): Updates {
  const { rng } = ctx;
  const over = Math.floor(innings.balls / 6);
  const kind =
    BALL_KINDS[
      rngWeighted(rng, ballWeights(over, innings.wickets, aggressionOf(event, innings)))
    ] ?? BALL_KINDS[0];
  if (kind === undefined) return [];
  const bowler = event.sides[other(innings.side)].players[6 + (over % 5)] ?? 'Bowler';
  const strikerIndex = innings.striker;
  const striker = innings.batters[strikerIndex];
  const strikerName = event.sides[innings.side].players[strikerIndex] ?? 'Batter';
  const ballNumber = `${over}.${(innings.balls % 6) + 1}`;
  let batRuns = kind.code === 'wide' ? 0 : kind.runs;
  let total = kind.runs;
  if (kind.code === 'noball') {
    batRuns = NO_BALL_BAT_RUNS[rngWeighted(rng, NO_BALL_BAT_WEIGHTS)] ?? 0;
    total = 1 + batRuns;
  }
  innings.runs += total;
  if (striker !== undefined) {
    striker.runs += batRuns;
    if (kind.isLegal) striker.balls += 1;
  }
  if (batRuns === 4 || batRuns === 6) event.boundaries += 1;
  if (batRuns === 6) event.sixes += 1;
  if (kind.isLegal) innings.balls += 1;
  let phrase = rngPick(rng, PHRASES[kind.code]);
  if (kind.isWicket) {
    innings.wickets += 1;
    if (striker !== undefined) {
      striker.isOut = true;
      phrase = `${phrase}. ${strikerName} ${striker.runs} (${striker.balls})`;
    }
    if (innings.wickets < ALL_OUT) {
      innings.striker = innings.nextBatter;
      innings.nextBatter += 1;
    }
  }
  if (batRuns % 2 === 1)
    [innings.striker, innings.nonStriker] = [innings.nonStriker, innings.striker];
  const label = ballLabel(kind, total);
  const isOverDone = kind.isLegal && innings.balls % 6 === 0;
  if (isOverDone) {
    event.lastOver = [...event.currentOver, label];
    event.currentOver = [];
    [innings.striker, innings.nonStriker] = [innings.nonStriker, innings.striker];
  } else {
    event.currentOver.push(label);
  }
  const commentary = `${ballNumber} ${bowler} to ${strikerName}, ${phrase}`;
  const out: Updates = [scoreUpdate(event, commentary)];
  out.push(
    ...settleAfterBall(event, innings, {
      isLegal: kind.isLegal,
      isWicket: kind.isWicket,
      batRuns,
      out: strikerIndex,
    }),
  );
  if (isInningsOver(event, innings)) {
    out.push(...settleInningsEnd(event, innings));
    if (event.innings.length === 2) {
      out.push(...finishMatch(event, `${commentary}. ${resultText(event)}`));
      return out;
    }
    event.stage = 'inningsBreak';
    event.nextSimMs += INNINGS_BREAK;
    const chaser = event.sides[other(innings.side)].name;
    out.push(
      scoreUpdate(event, `Innings break: ${chaser} need ${innings.runs + 1} to win`),
      ...priceUpdates(event, ctx),
      fancyUpdate(event, 'open', ctx.margins),
    );
    return out;
  }
  if (kind.isWicket) {
    // docs/decisions.md#feed: suspend around wickets, reopen with fresh prices a few seconds later.
    event.stage = 'reopen';
    event.nextSimMs += rngInt(rng, WICKET_SUSPENSION[0], WICKET_SUSPENSION[1]);
    out.push(...suspendMarkets(event), fancyUpdate(event, 'suspended', ctx.margins));
    return out;
  }
  event.stage = 'deliver';
  event.nextSimMs +=
    rngInt(rng, BETWEEN_BALLS[0], BETWEEN_BALLS[1]) +
    (isOverDone ? rngInt(rng, OVER_BREAK[0], OVER_BREAK[1]) : 0);
  out.push(...priceUpdates(event, ctx), fancyUpdate(event, 'open', ctx.margins));
  return out;
}
