import type { CricketScore, OtherScore } from './types.js';

/** The latest score of each event, as the feed last gave it. */
export type ScoreBook = Map<number, CricketScore | OtherScore>;

export function createScoreBook(): ScoreBook {
  return new Map();
}
