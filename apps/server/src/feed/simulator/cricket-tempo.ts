import { MINUTE, SECOND } from './context.js';

/** A T20 match's tempo (docs/decisions.md#feed): how long, in simulated time, each step waits. */

/**
 * Simulated gaps between the steps of a match, at a real T20's tempo: a ball every 35–45 s (5 s of
 * it in flight, "Ball Running"), 30–60 s more between overs, a new batter 30–65 s after a wicket.
 */
export const FIRST_BALL_AFTER_TOSS = 2 * MINUTE;
export const BALL_IN_FLIGHT = 5 * SECOND;
export const BETWEEN_BALLS: readonly [number, number] = [30 * SECOND, 40 * SECOND];
export const OVER_BREAK: readonly [number, number] = [30 * SECOND, 60 * SECOND];
export const WICKET_SUSPENSION: readonly [number, number] = [20 * SECOND, 40 * SECOND];
export const NEW_BATTER_READY: readonly [number, number] = [10 * SECOND, 25 * SECOND];
export const PRE_MATCH_REFRESH: readonly [number, number] = [2 * MINUTE, 4 * MINUTE];
export const INNINGS_BREAK = 10 * MINUTE;
