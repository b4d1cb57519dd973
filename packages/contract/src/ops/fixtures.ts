/**
 * The scripted feed (docs/decisions.md#feed): a scripted event, the steps played on it, and what
 * the feed is doing.
 */
import { z } from 'zod';
import { endpoint, envelope } from '../common.js';
import { eventId, fancySelectionId, marketId, wholeRupees } from './fields.js';

export const fixtureEventBody = z.object({
  sportId: z.union([z.literal(4), z.literal(1), z.literal(2)]),
  seriesName: z.string().min(1).max(100),
  name: z
    .string()
    .regex(/^.+ v .+$/, "name must read 'Home v Away'")
    .max(100),
  /** ISO 8601; default now (in play at once with `inPlay`). */
  startTime: z.iso.datetime({ offset: true }).optional(),
  inPlay: z.boolean().default(false),
  runners: z.array(z.string().min(1).max(60)).min(2).max(3),
  bookmaker: z.boolean().default(false),
  toss: z.boolean().default(false),
  fancy: z.array(z.string().min(1).max(100)).max(50).default([]),
  /**
   * Further exchange markets (docs/architecture.md identifiers): TIED_MATCH and COMPLETED_MATCH on
   * cricket, OVER_UNDER_15/25/35 on soccer, SET_WINNER (sets 1 to 3) on tennis.
   */
  markets: z
    .array(
      z.enum([
        'TIED_MATCH',
        'COMPLETED_MATCH',
        'OVER_UNDER_15',
        'OVER_UNDER_25',
        'OVER_UNDER_35',
        'SET_WINNER',
      ]),
    )
    .max(6)
    .refine((markets) => new Set(markets).size === markets.length, {
      message: 'markets must not repeat',
    })
    .default([]),
  maxStake: wholeRupees.default(500_000),
  sessionMaxStake: wholeRupees.default(100_000),
});
export type FixtureEventBody = z.infer<typeof fixtureEventBody>;

export const fixtureEvent = endpoint({
  method: 'POST',
  path: '/api/ops/fixture-event',
  audience: 'ops',
  summary: 'Create a scripted event (FEED=scripted)',
  body: fixtureEventBody,
  response: envelope(z.object({ eventId: z.number().int(), marketIds: z.array(z.string()) })),
});

const side = z.object({ price: z.number().positive(), size: wholeRupees });

export const fixtureStep = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('prices'),
    marketId,
    status: z.enum(['ACTIVE', 'SUSPENDED', 'CLOSED']).default('ACTIVE'),
    /** Match and toss odds as decimals (1.9); bookmaker odds per 100 (45). */
    runners: z
      .array(
        z.object({
          selectionId: z.number().int().positive(),
          status: z.enum(['ACTIVE', 'SUSPENDED']).default('ACTIVE'),
          back: z.array(side).max(3),
          lay: z.array(side).max(3),
        }),
      )
      .min(1),
  }),
  z.object({
    kind: z.literal('fancy'),
    rows: z.array(
      z.object({
        selectionId: fancySelectionId,
        gameStatus: z.string().max(40).default(''),
        noLine: z.number().int().nonnegative(),
        noRate: z.number().int().positive(),
        yesLine: z.number().int().nonnegative(),
        yesRate: z.number().int().positive(),
      }),
    ),
  }),
  z.object({ kind: z.literal('suspend'), marketId }),
  z.object({ kind: z.literal('resume'), marketId }),
  z.object({ kind: z.literal('status'), status: z.enum(['upcoming', 'inplay', 'closed']) }),
  z.object({
    kind: z.literal('ball'),
    innings: z
      .array(
        z.object({
          team: z.string().min(1),
          runs: z.number().int().nonnegative(),
          wickets: z.number().int().min(0).max(10),
          overs: z.string().regex(/^\d{1,2}(\.[0-5])?$/),
        }),
      )
      .min(1)
      .max(2),
    ball: z.string().min(1).max(4),
    commentary: z.string().max(300).default(''),
  }),
  /** A tennis score: per player sets won, games of the set in play and of finished sets, points. */
  z.object({
    kind: z.literal('tennis'),
    players: z
      .array(
        z.object({
          name: z.string().min(1).max(60),
          sets: z.number().int().min(0).max(2),
          games: z.number().int().min(0).max(7),
          gameSequence: z.array(z.number().int().min(0).max(7)).max(2).default([]),
          points: z.number().int().nonnegative().max(99),
        }),
      )
      .length(2),
    isTiebreak: z.boolean().default(false),
    server: z.enum(['home', 'away']),
    commentary: z.string().max(300).default(''),
  }),
  z.object({ kind: z.literal('result'), marketId, winnerSelectionId: z.number().int().positive() }),
  z.object({
    kind: z.literal('fancy-result'),
    selectionId: fancySelectionId,
    runs: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('void'),
    target: z.union([marketId, fancySelectionId]),
    reason: z.string().min(1).max(200),
  }),
]);
export type FixtureStep = z.infer<typeof fixtureStep>;

/** At most this many steps in one batch. */
export const MAX_FIXTURE_STEPS = 50;

/**
 * One step, or `steps` played as one feed batch (as the simulator's tick changes several markets
 * at once): each step of a list is read against the event as it was before the batch.
 */
export const fixtureStepBody = z
  .object({
    eventId,
    step: fixtureStep.optional(),
    steps: z.array(fixtureStep).min(1).max(MAX_FIXTURE_STEPS).optional(),
  })
  .refine((body) => (body.step === undefined) !== (body.steps === undefined), {
    message: 'Give either step or steps',
    path: ['step'],
  });
export type FixtureStepBody = z.infer<typeof fixtureStepBody>;

export const fixtureStepEndpoint = endpoint({
  method: 'POST',
  path: '/api/ops/fixture-step',
  audience: 'ops',
  summary:
    'Play one step, or a list of steps as one feed batch, on a scripted event: prices, fancy rows, suspend, resume, a ball, a tennis score, a result',
  body: fixtureStepBody,
  response: envelope(z.string()),
});

export const feedStatus = endpoint({
  method: 'GET',
  path: '/api/ops/feed-status',
  audience: 'ops',
  summary: 'What the feed is doing: open events per sport and their markets',
  response: envelope(
    z.object({
      feed: z.string(),
      isLeader: z.boolean(),
      /**
       * FEED=betfair-file: the publish time of the last message applied, and where the replay
       * holds (null while it plays); ISO times.
       */
      replayAt: z.string().nullable().optional(),
      heldAt: z.string().nullable().optional(),
      /** FEED=betfair and betfair-file: what the adapter counted (docs/feeds.md). */
      provider: z
        .object({
          connected: z.boolean(),
          malformed: z.number().int(),
          crossed: z.number().int(),
          skipped: z.number().int(),
          reconnects: z.number().int(),
          lagging: z.number().int(),
          lastPublishAt: z.string().nullable(),
        })
        .optional(),
      events: z.array(
        z.object({
          eventId: z.number().int(),
          sportId: z.number().int(),
          seriesName: z.string(),
          name: z.string(),
          status: z.string(),
          markets: z.array(
            z.object({
              marketId: z.string(),
              status: z.string(),
              seq: z.number().int(),
              best: z.string(),
            }),
          ),
        }),
      ),
    }),
  ),
});

export const feedReplayBody = z
  .object({
    /** An ISO time: every recorded message published up to it is applied, then the replay holds. */
    until: z
      .string()
      .max(40)
      .refine((value) => !Number.isNaN(Date.parse(value)), 'until must be an ISO time')
      .optional(),
    /** Play on from where the replay holds, at its speed (BETFAIR_REPLAY_SPEED). */
    play: z.literal(true).optional(),
  })
  .refine((body) => (body.until === undefined) !== (body.play === undefined), {
    message: 'Give either until or play',
    path: ['until'],
  });

export const feedReplay = endpoint({
  method: 'POST',
  path: '/api/ops/feed-replay',
  audience: 'ops',
  summary: "FEED=betfair-file: move the replay's hold point forward to a time, or play on",
  body: feedReplayBody,
  response: envelope(z.string()),
});
