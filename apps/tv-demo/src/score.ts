/**
 * The score as the API server's feed keeps it (its `Score`, apps/server/src/feed/types.ts), as
 * far as this page reads it: the server below and the page's script (`assets/tv.js`), which gets
 * the whole object as JSON. Declared here so that the TV page imports nothing of the API server;
 * the server's ScoreBook must fit `ScoreSource`, so a change of that shape that the page would
 * miss fails to compile where the server starts the page.
 */
export interface CricketScore {
  readonly kind: 'cricket';
  readonly innings: readonly {
    readonly team: string;
    readonly runs: number;
    readonly wickets: number;
    /** Overs as bowled, e.g. '12.3'. */
    readonly overs: string;
    readonly runRate: number;
  }[];
  /** Balls of the over in progress: '0', '4', '6', 'W', '1wd' … */
  readonly currentOver: readonly string[];
  readonly requiredRunRate: number | null;
  /** The latest ball's line of commentary. */
  readonly commentary: string;
}

export interface OtherSide {
  readonly name: string;
  /** Goals (soccer) or sets won (tennis). */
  readonly score: number;
  /** Tennis: games in the current set. */
  readonly games: number;
}

export interface OtherScore {
  readonly kind: 'soccer' | 'tennis';
  readonly home: OtherSide;
  readonly away: OtherSide;
  /** Tennis: the set in play; soccer: the minute. */
  readonly currentSet: number;
  readonly commentary: string;
}

export type Score = CricketScore | OtherScore;

/** The latest score of each event, and every new one as it comes (the server's ScoreBook). */
export interface ScoreSource {
  get(eventId: number): Score | undefined;
  /** Calls `listener` on every new score; answers the unsubscribe. */
  subscribe(listener: (eventId: number, score: Score) => void): () => void;
}
