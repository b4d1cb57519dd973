import type { CricketScore, OtherScore } from './types.js';

export type Score = CricketScore | OtherScore;

/**
 * The latest score of each event, as the feed last gave it. Readers that must see every ball
 * (the live TV page) subscribe; a listener's failure never reaches the feed.
 */
export class ScoreBook extends Map<number, Score> {
  readonly #listeners = new Set<(eventId: number, score: Score) => void>();

  override set(eventId: number, score: Score): this {
    super.set(eventId, score);
    for (const listener of this.#listeners) {
      try {
        listener(eventId, score);
      } catch {
        // A reader's fault is the reader's; the feed goes on.
      }
    }
    return this;
  }

  /** Calls `listener` on every new score; answers the unsubscribe. */
  subscribe(listener: (eventId: number, score: Score) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export function createScoreBook(): ScoreBook {
  return new ScoreBook();
}
