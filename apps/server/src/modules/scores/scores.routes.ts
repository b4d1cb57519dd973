import { getCricketScore, getOtherScore } from '@backlay/contract/scores';
import type { FastifyInstance } from 'fastify';
import type { ScoreBook } from '../../feed/score-book.js';
import { registerEndpoint } from '../../http/endpoints.js';
import { cricketScoreWire, otherScoreWire } from './scores.wire.js';

/** SPEC §7 Scores: the feed's latest score of an event. */
export function scoresRoutes(
  app: FastifyInstance,
  scores: ScoreBook,
  moneyBodyLimit: number,
): void {
  const options = { moneyBodyLimit };
  registerEndpoint(
    app,
    getCricketScore,
    async ({ params }) => {
      const score = scores.get(Number(params.eventId));
      return {
        Status: true as const,
        Result: score?.kind === 'cricket' ? cricketScoreWire(score) : null,
      };
    },
    options,
  );
  registerEndpoint(
    app,
    getOtherScore,
    async ({ params }) => {
      const score = scores.get(Number(params.eventId));
      const wanted = params.sportId === '2' ? 'tennis' : 'soccer';
      return {
        Status: true as const,
        Result: score && score.kind === wanted ? [otherScoreWire(score)] : [],
      };
    },
    options,
  );
}
