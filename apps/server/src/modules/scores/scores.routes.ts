import { getCricketScore, getOtherScore } from '@backlay/contract/scores';
import type { FastifyInstance } from 'fastify';
import type { ScoreBook } from '../../feed/score-book.js';
import { checkedAnswer, registerSnapshotEndpoint } from '../../http/endpoints.js';
import type { FastLane } from '../../http/fast-lane.js';
import { createSnapshots } from '../../http/snapshot.js';
import { cricketScoreWire, otherScoreWire } from './scores.wire.js';

/**
 * docs/product.md#calls Scores: the feed's latest score of an event, as a snapshot (http/snapshot.ts) whose input
 * is the score itself — the feed puts a new one for every ball. The cricket score is answered in
 * the fast lane too.
 */
export async function scoresRoutes(
  app: FastifyInstance,
  { scores, ...settings }: { scores: ScoreBook; moneyBodyLimit: number; lane: FastLane },
): Promise<void> {
  const options = { moneyBodyLimit: settings.moneyBodyLimit };
  const snapshots = createSnapshots({ maxEntries: 5000 });

  const cricket = (eventId: number) => {
    const score = scores.get(eventId);
    return snapshots.get(`cricket:${eventId}`, [score], () =>
      checkedAnswer(getCricketScore, {
        Status: true,
        Result: score?.kind === 'cricket' ? cricketScoreWire(score) : null,
      }),
    );
  };
  registerSnapshotEndpoint(
    app,
    getCricketScore,
    ({ params }) => cricket(Number(params.eventId)),
    options,
  );
  settings.lane.add(getCricketScore, ({ params }) => cricket(Number(params.eventId)));

  registerSnapshotEndpoint(
    app,
    getOtherScore,
    ({ params }) => {
      const score = scores.get(Number(params.eventId));
      const wanted = params.sportId === '2' ? 'tennis' : 'soccer';
      return snapshots.get(`other:${params.sportId}:${params.eventId}`, [score], () =>
        checkedAnswer(getOtherScore, {
          Status: true,
          Result: score && score.kind === wanted ? [otherScoreWire(score)] : [],
        }),
      );
    },
    options,
  );
}
