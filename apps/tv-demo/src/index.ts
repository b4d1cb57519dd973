export {
  createTvServer,
  type TvEvent,
  type TvLine,
  type TvServer,
  type TvServerDeps,
} from './tv-server.js';
export type { CricketScore, OtherScore, OtherSide, Score, ScoreSource } from './score.js';
