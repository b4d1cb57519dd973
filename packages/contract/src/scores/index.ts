import { z } from 'zod';
import { endpoint, envelope } from '../common.js';

const eventIdParam = z.string().regex(/^\d{1,15}$/, 'must be an event id');

/** docs/product.md#entities cricket score: up to two innings, the over in progress, the last over. */
export const cricketScore = z.object({
  Innings: z.array(
    z.object({ Team: z.string(), Summary: z.string(), Overs: z.string(), CRR: z.number() }),
  ),
  CurrentOver: z.object({ Balls: z.array(z.string()) }),
  LastOver: z.object({ Balls: z.array(z.string()) }),
  RequiredRunRate: z.number().nullable(),
  MatchCommentary: z.string(),
});
export type CricketScoreWire = z.infer<typeof cricketScore>;

export const getCricketScore = endpoint({
  method: 'GET',
  path: '/api/Score/Cricket/:eventId',
  audience: 'client',
  summary: 'Cricket score (polled every 5 s); Result null before the first ball',
  params: z.object({ eventId: eventIdParam }),
  response: envelope(cricketScore.nullable()),
});

const side = z.object({
  name: z.string(),
  score: z.number().int(),
  games: z.number().int(),
  gameSequence: z.array(z.number().int()),
});

/** docs/product.md#entities tennis/soccer score: eventTypeId 2 tennis, 1 soccer. */
export const otherScore = z.object({
  eventTypeId: z.union([z.literal(1), z.literal(2)]),
  score: z.object({ home: side, away: side }),
  /** Tennis: the set in play (1-based); soccer: the match minute. */
  currentSet: z.number().int(),
  /**
   * Tennis: the game in play as the umpire calls it, 0, 15, 30, 40 and AD (a tie-break's points
   * as counted); absent for soccer and once the match is over.
   */
  points: z.object({ home: z.string(), away: z.string(), isTiebreak: z.boolean() }).optional(),
  /** Tennis: who serves the next point; absent for soccer and once the match is over. */
  server: z.enum(['home', 'away']).optional(),
});
export type OtherScoreWire = z.infer<typeof otherScore>;

export const getOtherScore = endpoint({
  method: 'GET',
  path: '/api/Score/Other/:sportId/:eventId',
  audience: 'client',
  summary: 'Tennis or soccer score (polled every 5 s); an empty list before the start',
  params: z.object({ sportId: z.enum(['1', '2']), eventId: eventIdParam }),
  response: envelope(z.array(otherScore)),
});
