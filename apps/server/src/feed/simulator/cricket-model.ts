import type { RunsForecast } from './quote.js';
import { clamp, normalCdf } from './stats.js';

/**
 * The T20 model (docs/decisions.md#feed "cricket: runs needed, balls and wickets left"): a per-delivery outcome
 * distribution by phase, wickets lost and aggression, and — from it, by dynamic programming over
 * (legal balls bowled, wickets lost) — the expected runs and their variance to any later ball.
 * Win probabilities and fancy lines are normal approximations on those moments.
 */

/** Legal balls in a T20 innings. */
export const INNINGS_BALLS = 120;
/** Wickets that end an innings. */
export const ALL_OUT = 10;

/** One kind of delivery: what it shows in the over ('0', '4', 'W', '1wd'), runs, legality. */
export interface BallKind {
  readonly code: 'dot' | 'one' | 'two' | 'three' | 'four' | 'six' | 'wicket' | 'wide' | 'noball';
  readonly runs: number;
  readonly isLegal: boolean;
  readonly isWicket: boolean;
}

export const BALL_KINDS: readonly BallKind[] = [
  { code: 'dot', runs: 0, isLegal: true, isWicket: false },
  { code: 'one', runs: 1, isLegal: true, isWicket: false },
  { code: 'two', runs: 2, isLegal: true, isWicket: false },
  { code: 'three', runs: 3, isLegal: true, isWicket: false },
  { code: 'four', runs: 4, isLegal: true, isWicket: false },
  { code: 'six', runs: 6, isLegal: true, isWicket: false },
  { code: 'wicket', runs: 0, isLegal: true, isWicket: true },
  { code: 'wide', runs: 1, isLegal: false, isWicket: false },
  // A no-ball: 1 extra plus what the batter hits off it (see NO_BALL_BAT_*).
  { code: 'noball', runs: 1, isLegal: false, isWicket: false },
];

/** Runs off the bat on a no-ball and their weights. */
export const NO_BALL_BAT_RUNS: readonly number[] = [0, 1, 4, 6];
export const NO_BALL_BAT_WEIGHTS: readonly number[] = [0.5, 0.3, 0.15, 0.05];
const NO_BALL_MEAN = 1 + 1.2;
const NO_BALL_SQUARE = 1 + 2 * 1.2 + (0.3 + 16 * 0.15 + 36 * 0.05);

// Middle-overs weights, in BALL_KINDS order; ~1 wicket per 20 legal balls, ~7.5 an over.
const BASE = [0.35, 0.35, 0.07, 0.005, 0.11, 0.045, 0.05, 0.03, 0.006] as const;

/**
 * The weights of each {@link BALL_KINDS} entry for a delivery in over `over` (0-based) with
 * `wicketsLost` down; `aggression` 1 is neutral, higher hits more boundaries and loses more
 * wickets (a strong batting side, a steep chase).
 */
export function ballWeights(over: number, wicketsLost: number, aggression: number): number[] {
  let boundary = aggression;
  let wicket = 1 + (aggression - 1) * 0.8;
  let dot = 1;
  let single = 1;
  if (over < 6) {
    boundary *= 1.2;
    wicket *= 0.85;
    dot *= 1.05;
  } else if (over < 15) {
    boundary *= 0.85;
    wicket *= 0.85;
    single *= 1.15;
  } else {
    boundary *= 1.45;
    wicket *= 1.7;
    dot *= 0.85;
  }
  if (wicketsLost >= 8) {
    boundary *= 0.7;
    wicket *= 1.6;
  } else if (wicketsLost >= 6) {
    boundary *= 0.85;
    wicket *= 1.25;
  }
  const [d, one, two, three, four, six, w, wd, nb] = BASE;
  return [
    d * dot,
    one * single,
    two * single,
    three,
    four * boundary,
    six * boundary,
    w * wicket,
    wd,
    nb,
  ];
}

interface Moments {
  /** Expected runs from (balls bowled, wickets lost) to the end ball or all out. */
  readonly mean: Float64Array;
  readonly square: Float64Array;
}

const index = (balls: number, wickets: number): number => balls * (ALL_OUT + 1) + wickets;

/**
 * Moments of the runs still to come up to legal ball `end` for the neutral side, by backward
 * induction. Extras repeat the delivery: M = (pₑ·(r + M) + Σ pₗ·(r + M′)) solved for M.
 * `stopAtWicket` k ends the count when the k-th wicket falls (fall-of-wicket sessions).
 */
function momentsBuild(end: number, stopAtWicket: number): Moments {
  const size = (INNINGS_BALLS + 1) * (ALL_OUT + 1);
  const mean = new Float64Array(size);
  const square = new Float64Array(size);
  for (let balls = end - 1; balls >= 0; balls -= 1) {
    for (let wickets = 0; wickets < stopAtWicket; wickets += 1) {
      const weights = ballWeights(Math.floor(balls / 6), wickets, 1);
      const total = weights.reduce((sum, w) => sum + w, 0);
      let extraP = 0;
      let m1 = 0;
      let m2 = 0;
      BALL_KINDS.forEach((kind, k) => {
        const p = (weights[k] ?? 0) / total;
        if (!kind.isLegal) {
          const r = kind.code === 'noball' ? NO_BALL_MEAN : kind.runs;
          const r2 = kind.code === 'noball' ? NO_BALL_SQUARE : kind.runs * kind.runs;
          extraP += p;
          m1 += p * r;
          m2 += p * r2;
          return;
        }
        const next = index(balls + 1, wickets + (kind.isWicket ? 1 : 0));
        const stops = kind.isWicket && wickets + 1 >= stopAtWicket;
        const nextMean = stops ? 0 : (mean[next] ?? 0);
        const nextSquare = stops ? 0 : (square[next] ?? 0);
        m1 += p * (kind.runs + nextMean);
        m2 += p * (kind.runs * kind.runs + 2 * kind.runs * nextMean + nextSquare);
      });
      const here = m1 / (1 - extraP);
      // E[(r + X)²] for an extra, X the same state: r² + 2·r·E[X] + E[X²].
      const extraCross = extrasCross(weights, total) * here;
      mean[index(balls, wickets)] = here;
      square[index(balls, wickets)] = (m2 + 2 * extraCross) / (1 - extraP);
    }
  }
  return { mean, square };
}

function extrasCross(weights: readonly number[], total: number): number {
  const wide = (weights[7] ?? 0) / total;
  const noBall = (weights[8] ?? 0) / total;
  return wide * 1 + noBall * NO_BALL_MEAN;
}

const tables = new Map<string, Moments>();

/** Memoised moments (pure: the same arguments always build the same table). */
function moments(end: number, stopAtWicket: number): Moments {
  const key = `${end}:${stopAtWicket}`;
  const cached = tables.get(key);
  if (cached !== undefined) return cached;
  const built = momentsBuild(end, stopAtWicket);
  tables.set(key, built);
  return built;
}

/**
 * Runs per ball of a side with batting `strength` (1 neutral) relative to the neutral side: the
 * model's tables are neutral and scaled by this factor.
 */
export function strengthRunFactor(strength: number): number {
  const runsPerBall = (weights: readonly number[]): number => {
    const total = weights.reduce((sum, w) => sum + w, 0);
    return BALL_KINDS.reduce(
      (sum, kind, k) =>
        sum + ((weights[k] ?? 0) / total) * (kind.code === 'noball' ? NO_BALL_MEAN : kind.runs),
      0,
    );
  };
  return runsPerBall(ballWeights(8, 2, strength)) / runsPerBall(ballWeights(8, 2, 1));
}

/** Where an innings stands: legal balls bowled (0–120), wickets lost (0–10), runs. */
export interface InningsState {
  readonly balls: number;
  readonly wickets: number;
  readonly runs: number;
}

/**
 * Variance of the runs still to come per expected run. The DP's variance is close to 3.1 × its
 * mean in every state (about 480 for a fresh 155-run innings, 237 for 78 off 60 balls with 3
 * down); tying the spread to the mean keeps every chance monotone in the expected runs, so a
 * wicket or a dot ball never helps the batting side, not even in a long shot's tail.
 */
export const RUNS_DISPERSION = 3.1;

/**
 * Forecast of the innings score when legal ball `end` has been bowled (or at all out): runs so
 * far plus the expected rest, scaled by the side's run factor. Past `end`, the runs so far.
 */
export function runsForecastAt(state: InningsState, end: number, runFactor: number): RunsForecast {
  if (state.balls >= end || state.wickets >= ALL_OUT) return { mean: state.runs, sd: 0.5 };
  const rest = (moments(end, ALL_OUT).mean[index(state.balls, state.wickets)] ?? 0) * runFactor;
  return { mean: state.runs + rest, sd: Math.sqrt(Math.max(0.25, RUNS_DISPERSION * rest)) };
}

/** Forecast of the team score when wicket number `wicket` (1-based) falls, or the innings total. */
export function wicketFallForecast(
  state: InningsState,
  wicket: number,
  runFactor: number,
): RunsForecast {
  if (state.wickets >= wicket || state.balls >= INNINGS_BALLS) return { mean: state.runs, sd: 0.5 };
  const table = moments(INNINGS_BALLS, wicket);
  const at = index(state.balls, state.wickets);
  const mean = (table.mean[at] ?? 0) * runFactor;
  const square = (table.square[at] ?? 0) * runFactor * runFactor;
  return { mean: state.runs + mean, sd: Math.sqrt(Math.max(0.25, square - mean * mean)) };
}

/** Chances of a cricket match's outcomes, from the side batting second's point of view. */
export interface ChaseChances {
  readonly chaserWins: number;
  readonly tie: number;
  readonly defenderWins: number;
}

function chancesFromMargin(mean: number, sd: number): ChaseChances {
  // Margin D = chaser's final total − first innings total; the chaser wins on D ≥ 1.
  const s = Math.max(sd, 0.5);
  const chaserWins = 1 - normalCdf((0.5 - mean) / s);
  const defenderWins = normalCdf((-0.5 - mean) / s);
  return { chaserWins, tie: Math.max(0, 1 - chaserWins - defenderWins), defenderWins };
}

/**
 * Chances during the first innings (or before it): the first innings' final total and the chase
 * are independent normals; the chase starts from nothing.
 */
export function firstInningsChances(
  first: InningsState,
  firstFactor: number,
  secondFactor: number,
): ChaseChances {
  const total = runsForecastAt(first, INNINGS_BALLS, firstFactor);
  const chase = runsForecastAt({ balls: 0, wickets: 0, runs: 0 }, INNINGS_BALLS, secondFactor);
  return chancesFromMargin(chase.mean - total.mean, Math.hypot(chase.sd, total.sd));
}

/** Chances during the chase of `target` (= first innings total + 1). */
export function chaseChances(chase: InningsState, target: number, factor: number): ChaseChances {
  if (chase.runs >= target) return { chaserWins: 1, tie: 0, defenderWins: 0 };
  if (chase.balls >= INNINGS_BALLS || chase.wickets >= ALL_OUT) {
    const tie = chase.runs === target - 1 ? 1 : 0;
    return { chaserWins: 0, tie, defenderWins: 1 - tie };
  }
  const rest = runsForecastAt(chase, INNINGS_BALLS, factor);
  return chancesFromMargin(rest.mean - (target - 1), rest.sd);
}

/**
 * Two-runner match probabilities from chances: a tie voids the market (docs/decisions.md#money void), so its
 * share is split evenly. Returns [chaser, defender], summing to 1, each kept off 0 and 1.
 */
export function chancesToPair(chances: ChaseChances): [number, number] {
  const chaser = clamp(chances.chaserWins + chances.tie / 2, 0.0005, 0.9995);
  return [chaser, 1 - chaser];
}

/** Wicket chance per legal ball used by the batter model (matches BASE ≈ 1 in 20). */
const BATTER_OUT_PER_BALL = 0.05;
/** Runs per ball faced by a batter, on average. */
const BATTER_RUNS_PER_BALL = 1.25;

/**
 * Forecast of a batter's final score: runs so far plus the expected runs of the balls they will
 * face (about half the balls left, each ending the innings with chance 1/20), a geometric sum.
 * The mean of a batter's score sits above its median; the line uses 0.8 of the expected rest.
 */
export function batterForecast(runs: number, ballsLeft: number, runFactor: number): RunsForecast {
  const faced = ballsLeft / 2;
  const expectedBalls = (1 - Math.pow(1 - BATTER_OUT_PER_BALL, faced)) / BATTER_OUT_PER_BALL;
  const rest = expectedBalls * BATTER_RUNS_PER_BALL * runFactor;
  return { mean: runs + 0.8 * rest, sd: Math.max(0.5, rest) };
}

/** Expected boundaries per legal ball still to be bowled (fours and sixes off the bat). */
export const BOUNDARIES_PER_BALL = 0.155;
