import { z } from 'zod';
import { endpoint, envelope, rupees } from '../common.js';
import { limitKind } from '../safer/index.js';

export const username = z
  .string()
  .regex(
    /^[A-Za-z0-9_.-]{3,32}$/,
    'username must be 3–32 letters, digits, dots, dashes or underscores',
  );

export const createClientBody = z.object({
  username,
  password: z.string().min(8, 'password must be at least 8 characters').max(256),
  creditLimit: rupees.nonnegative().optional(),
});
export type CreateClientBody = z.infer<typeof createClientBody>;

export const creditBody = z.object({
  username,
  amount: rupees.refine((value) => value !== 0, { message: 'amount must not be zero' }),
  remark: z.string().min(1).max(200).optional(),
});
export type CreditBody = z.infer<typeof creditBody>;

export const newsBody = z.object({
  message: z
    .string()
    .min(1)
    .max(500)
    .refine((value) => value.trim().length > 0, { message: 'message must not be blank' }),
});
export type NewsBody = z.infer<typeof newsBody>;

export const createClient = endpoint({
  method: 'POST',
  path: '/api/ops/create-client',
  audience: 'ops',
  summary: 'Create a client, optionally with credit',
  body: createClientBody,
  response: envelope(z.string()),
  movesMoney: true,
});

/** Give (positive) or take (negative) credit, as a ledger pair with the house. */
export const credit = endpoint({
  method: 'POST',
  path: '/api/ops/credit',
  audience: 'ops',
  summary: 'Give or take credit',
  body: creditBody,
  response: envelope(z.string()),
  movesMoney: true,
});

export const postNews = endpoint({
  method: 'POST',
  path: '/api/ops/news',
  audience: 'ops',
  summary: 'Publish a news message',
  body: newsBody,
  response: envelope(z.string()),
});

const eventId = z.number().int().positive();
const marketId = z
  .string()
  .regex(
    /^(1\.\d+|\d+(B|T|TM|CM|OU15|OU25|OU35|SW[1-5]))$/,
    'marketId must be 1.<EventId>, or <EventId> and B, T, TM, CM, OU15, OU25, OU35 or SW<set>',
  );
const fancySelectionId = z.string().regex(/^\d+-\d+$/, 'selectionId must be <EventId>-<n>');
const wholeRupees = z.number().int().positive();

export const eventBody = z.object({ eventId });
export const marketBody = z.object({ marketId });

/** The operator's event lock: every cell suspended, fancy rows SUSPENDED with dashes (docs/decisions.md#silent-rules). */
export const lockEvent = endpoint({
  method: 'POST',
  path: '/api/ops/lock-event',
  audience: 'ops',
  summary: 'Lock betting on an event',
  body: eventBody,
  response: envelope(z.string()),
});

export const unlockEvent = endpoint({
  method: 'POST',
  path: '/api/ops/unlock-event',
  audience: 'ops',
  summary: 'Unlock betting on an event',
  body: eventBody,
  response: envelope(z.string()),
});

export const suspendMarket = endpoint({
  method: 'POST',
  path: '/api/ops/suspend-market',
  audience: 'ops',
  summary: 'Suspend a market whatever the feed says',
  body: marketBody,
  response: envelope(z.string()),
});

export const resumeMarket = endpoint({
  method: 'POST',
  path: '/api/ops/resume-market',
  audience: 'ops',
  summary: "Lift the operator's suspension of a market",
  body: marketBody,
  response: envelope(z.string()),
});

const price = z.number().int().min(0).max(100_000);

/** docs/product.md#entities custom fancy row: a custom row overrides prices and GameStatus; an active row its min and max. */
export const customFancyBody = z.object({
  eventId,
  selectionId: fancySelectionId,
  runnerName: z.string().min(1).max(100),
  isCustome: z.boolean(),
  isActive: z.boolean(),
  backPrice: price,
  backSize: price,
  layPrice: price,
  laySize: price,
  gameStatus: z.string().max(40).default(''),
  min: wholeRupees,
  max: wholeRupees,
});
export type CustomFancyBody = z.infer<typeof customFancyBody>;

export const setCustomFancy = endpoint({
  method: 'POST',
  path: '/api/ops/set-custom-fancy',
  audience: 'ops',
  summary: 'Add or change a custom fancy row',
  body: customFancyBody,
  response: envelope(z.string()),
});

/** docs/product.md#entities custom bookmaker row (odds per 100). */
export const customBookmakerBody = z.object({
  marketId: z.string().regex(/^\d+B$/, 'marketId must be <EventId>B'),
  selectionId: z.number().int().positive(),
  runnerName: z.string().min(1).max(100),
  isCustome: z.boolean(),
  isActive: z.boolean(),
  status: z.enum(['ACTIVE', 'SUSPENDED']),
  backPrice: price,
  backSize: price,
  layPrice: price,
  laySize: price,
});
export type CustomBookmakerBody = z.infer<typeof customBookmakerBody>;

export const setCustomBookmaker = endpoint({
  method: 'POST',
  path: '/api/ops/set-custom-bookmaker',
  audience: 'ops',
  summary: 'Add or change a custom bookmaker row',
  body: customBookmakerBody,
  response: envelope(z.string()),
});

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

const settlementTarget = z
  .string()
  .regex(
    /^(1\.\d+|\d+(B|T|TM|CM|OU15|OU25|OU35|SW[1-5])|\d+-\d+)$/,
    'target must be a market id or a fancy selection id (<EventId>-<n>)',
  );

/** A winner for a market, or the final runs for a fancy session (docs/decisions.md#money). */
export const declareResultBody = z.union([
  z.object({ marketId, winnerSelectionId: z.number().int().positive() }),
  z.object({ eventId, selectionId: fancySelectionId, runs: z.number().int().nonnegative() }),
]);
export type DeclareResultBody = z.infer<typeof declareResultBody>;

export const declareResult = endpoint({
  method: 'POST',
  path: '/api/ops/declare-result',
  audience: 'ops',
  summary: 'Settle a market with its winner, or a fancy session with its final runs',
  body: declareResultBody,
  response: envelope(z.string()),
  movesMoney: true,
});

export const voidMarket = endpoint({
  method: 'POST',
  path: '/api/ops/void-market',
  audience: 'ops',
  summary: 'Void a market or fancy session: stakes returned',
  body: z.object({ target: settlementTarget, reason: z.string().min(1).max(200) }),
  response: envelope(z.string()),
  movesMoney: true,
});

export const rollbackResult = endpoint({
  method: 'POST',
  path: '/api/ops/rollback',
  audience: 'ops',
  summary: 'Undo a settlement with compensating ledger rows; bets back to Pending',
  body: z.object({ target: settlementTarget, reason: z.string().min(1).max(200) }),
  response: envelope(z.string()),
  movesMoney: true,
});

export const setCommission = endpoint({
  method: 'POST',
  path: '/api/ops/set-commission',
  audience: 'ops',
  summary: "Set a client's commission on net market wins, in percent",
  body: z.object({
    username,
    percent: z
      .number()
      .min(0)
      .max(100)
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-9, {
        message: 'at most two decimals',
      }),
  }),
  response: envelope(z.string()),
});

/** Declare a matka market's result (`mid` = the Mid); the first result of a market wins. */
export const matkaResultBody = z.object({
  mid: z.number().int().positive(),
  result: z.string().regex(/^\d{2}$/, 'result must be a number from 00 to 99'),
});
export type MatkaResultBody = z.infer<typeof matkaResultBody>;

export const matkaResult = endpoint({
  method: 'POST',
  path: '/api/ops/matka-result',
  audience: 'ops',
  summary: "Declare a matka market's result and settle its bets",
  body: matkaResultBody,
  response: envelope(z.string()),
  movesMoney: true,
});

/** A time of day on the matka schedule, in Asia/Kolkata. */
const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day is HH:MM, from 00:00 to 23:59');

export const matkaGameBody = z.object({
  name: z.string().trim().min(1, 'a matka game needs a name').max(40),
  /** Its name in Hindi on the board; the name when not given. */
  hindi: z.string().trim().min(1).max(40).optional(),
  opens: clockTime,
  /** At or before `opens`: the game crosses midnight and closes the next day. */
  closes: clockTime,
});
export type MatkaGameBody = z.infer<typeof matkaGameBody>;

/** A new game on the daily matka schedule (Asia/Kolkata), with its markets from today on. */
export const matkaGame = endpoint({
  method: 'POST',
  path: '/api/ops/matka-game',
  audience: 'ops',
  summary: 'Add a matka game to the daily schedule',
  body: matkaGameBody,
  response: envelope(z.string()),
});

/**
 * A back-office operator (docs/backoffice.md), made with the operator token: the first admin
 * comes from the CLI. The TOTP secret is answered once, to be entered in an authenticator app.
 */
export const createOperator = endpoint({
  method: 'POST',
  path: '/api/ops/create-operator',
  audience: 'ops',
  summary: 'Create a back-office operator with a TOTP secret',
  body: z.object({
    username,
    password: z.string().min(12, "an operator's password must be at least 12 characters").max(256),
    role: z.enum(['admin', 'risk', 'support']),
  }),
  response: envelope(
    z.object({
      username: z.string(),
      role: z.string(),
      totpSecret: z.string(),
      totpUri: z.string(),
    }),
  ),
});

/** Safer betting (docs/safer-gambling.md): a ceiling on a client's limit, whole rupees or minutes. */
export const limitCeilingBody = z.object({
  username,
  kind: limitKind,
  ceiling: z.number().int().positive().max(1_000_000_000).nullable(),
});
export type LimitCeilingBody = z.infer<typeof limitCeilingBody>;

export const limitCeiling = endpoint({
  method: 'POST',
  path: '/api/ops/limit-ceiling',
  audience: 'ops',
  summary: "Set or lift the ceiling of one of a client's limits",
  body: limitCeilingBody,
  response: envelope(z.string()),
});

export const liftExclusion = endpoint({
  method: 'POST',
  path: '/api/ops/lift-exclusion',
  audience: 'ops',
  summary: "Lift a client's ended self-exclusion",
  body: z.object({ username }),
  response: envelope(z.string()),
});
