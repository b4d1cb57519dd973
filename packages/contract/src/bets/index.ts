import { MARKET_TYPES, ODDS_HUNDREDTHS_MAX, PRICE_MAX } from '@backlay/domain';
import { z } from 'zod';
import { endpoint, envelope, isoDateTime, ownUserId } from '../common.js';

const anyId = z.union([z.string().max(40), z.number()]);

/**
 * docs/product.md#entities bet draft. The server ignores Exposure, ReturnBalance and UserId and computes its own
 * (docs/decisions.md#money); OldPrice and OldStack are read and not used. Odds: decimal for the exchange markets and toss,
 * per 100 for bookmaker, the runs line for fancy; Price: 0 for match markets, the rate for fancy.
 */
/**
 * The highest `Odds` a draft may name: decimal odds top out at 1000, bookmaker odds per 100 and a
 * fancy line at PRICE_MAX (a bookmaker longshot is quoted above 1000 per 100).
 */
const ODDS_DECIMAL_MAX = ODDS_HUNDREDTHS_MAX / 100;
function oddsInRange(
  draft: { readonly MarketType: string; readonly Odds: number },
  context: z.RefinementCtx,
) {
  const max =
    draft.MarketType === 'BOOKMAKER' || draft.MarketType === 'FANCY' ? PRICE_MAX : ODDS_DECIMAL_MAX;
  if (draft.Odds > max)
    context.addIssue({
      code: 'custom',
      path: ['Odds'],
      message: `Too big: expected number to be <=${max}`,
    });
}

export const betDraft = z
  .object({
    sportsId: z.union([z.literal(1), z.literal(2), z.literal(4)]),
    SelectionName: z.string().max(100),
    SelectionID: z.string().min(1).max(40),
    Odds: z.number().positive().max(PRICE_MAX),
    Price: z.number().nonnegative().max(100_000),
    OldPrice: z.number().optional(),
    OldStack: z.number().optional(),
    MarketType: z.enum(MARKET_TYPES),
    MarketId: z.string().min(1).max(40),
    EventId: anyId,
    BetType: z.enum(['Back', 'Lay', 'Yes', 'No']),
    BetStatus: z.literal('Pending').default('Pending'),
    /** Whole rupees. */
    Stack: z.number(),
    Exposure: z.number().optional(),
    ReturnBalance: z.number().optional(),
    UserId: anyId.optional(),
  })
  .superRefine(oddsInRange);
export type BetDraft = z.infer<typeof betDraft>;

export const postUserBet = endpoint({
  method: 'POST',
  path: '/api/UserBetModels/PostUserBetModel',
  audience: 'client',
  summary: 'Place an exchange market (match odds, tied match …), bookmaker or toss bet',
  body: betDraft,
  response: envelope(z.string()),
  movesMoney: true,
});

export const postFancyBet = endpoint({
  method: 'POST',
  path: '/api/UserBetModels/PostFancyBetModel',
  audience: 'client',
  summary: 'Place a fancy (session) bet',
  body: betDraft,
  response: envelope(z.string()),
  movesMoney: true,
});

/** docs/product.md#entities bet list item (fancy rows show the odds with the price in brackets). */
export const betListItem = z.object({
  SelectionName: z.string(),
  SelectionID: z.string(),
  Odds: z.number(),
  Price: z.number(),
  Stack: z.number(),
  BetType: z.string(),
  MarketType: z.string(),
  MarketId: z.string(),
  createdOn: isoDateTime,
  /** The bet's id, as a cancel names it. */
  BetId: z.string(),
  /** Pending: matched and open. Cancelled: taken back by the client (docs/architecture.md, "Cancelling a bet"). */
  Status: z.enum(['Pending', 'Cancelled']),
  /** Until when the client may cancel it (the server's clock); null when it cannot be cancelled. */
  CancelUntil: isoDateTime.nullable(),
  /** When it was cancelled; null for an open bet. */
  cancelledOn: isoDateTime.nullable(),
});
export type BetListItem = z.infer<typeof betListItem>;

/** The refusals and answer of a cancel, word for word as the bettor reads them. */
export const CANCEL_MESSAGES = {
  cancelled: 'Bet cancelled',
  notFound: 'Bet not found',
  notFootball: 'Only football bets can be cancelled',
  expired: 'The 3 minutes to cancel this bet are up',
  suspended: 'The market was suspended after this bet: it can no longer be cancelled',
  closed: 'Market closed',
  notOpen: 'This bet is no longer open',
  insufficient: 'Insufficient balance',
} as const;

/**
 * Cancels one of the client's own football bets within {@link CANCEL_WINDOW_MS} of its acceptance,
 * unless its market was suspended or closed since (docs/architecture.md, "Cancelling a bet").
 */
export const cancelBet = endpoint({
  method: 'POST',
  path: '/api/UserBetModels/CancelBet',
  audience: 'client',
  summary: 'Cancel an own football bet within 3 minutes of its acceptance',
  body: z.object({ BetId: z.string().regex(/^\d{1,18}$/, 'must be a bet id') }),
  response: envelope(z.string()),
  movesMoney: true,
});

/** One bet of a cash out, as the client showed it (exchange odds decimal, bookmaker per 100). */
export const cashOutBet = z.object({
  SelectionID: z.string().min(1).max(40),
  BetType: z.enum(['Back', 'Lay']),
  Odds: z.number().positive().max(PRICE_MAX),
  /** Whole rupees. */
  Stack: z.number(),
});
export type CashOutBet = z.infer<typeof cashOutBet>;

/**
 * Cash out (docs/architecture.md, "Cash out"): the hedging bets the client showed for `Percent`
 * of its position, computed by the domain's `cashOutPlan` from the best prices. The server
 * computes them again from its own book at the same odds, refuses with "Your position changed"
 * when they differ, and places them through the bet path (delay and price check included).
 */
export const postCashOut = endpoint({
  method: 'POST',
  path: '/api/UserBetModels/CashOut',
  audience: 'client',
  summary: 'Cash out (part of) a match odds or bookmaker position',
  body: z
    .object({
      MarketId: z.string().min(1).max(40),
      MarketType: z.enum(['MATCH_ODDS', 'BOOKMAKER']),
      EventId: anyId,
      Percent: z.number().int().min(1).max(100),
      Bets: z.array(cashOutBet).min(1).max(40),
    })
    .superRefine((body, context) => {
      for (const bet of body.Bets)
        oddsInRange({ MarketType: body.MarketType, Odds: bet.Odds }, context);
    }),
  response: envelope(z.string()),
  movesMoney: true,
});

const eventIdQuery = z.string().regex(/^\d{1,15}$/, 'must be an event id');
// docs/architecture.md identifiers: every market id but a fancy session's.
const marketIdQuery = z
  .string()
  .regex(/^(1\.\d{1,15}|\d{1,15}(B|T|TM|CM|OU15|OU25|OU35|SW[1-5]))$/, 'must be a market id');

export const getMatchedBets = endpoint({
  method: 'GET',
  path: '/api/UserBetModels/GetMatchedBets',
  audience: 'client',
  summary: "The client's open bets on an event, newest first",
  query: z.object({ marketId: eventIdQuery }),
  response: envelope(z.array(betListItem)),
});

/** Per fancy runner of the event: the client's worst result (negative = exposure). */
export const getFancyPosition = endpoint({
  method: 'GET',
  path: '/api/UserBetModels/GetFancyPosition',
  audience: 'client',
  summary: "The client's position on each fancy runner of an event",
  query: z.object({ marketId: eventIdQuery }),
  response: envelope(z.array(z.object({ SelectionId: z.string(), Position: z.number() }))),
});

export const getProfitLossOnRunners = endpoint({
  method: 'GET',
  path: '/api/ProfitLossModels/GetProfitLossOnRunners',
  audience: 'client',
  summary: "The client's book on a market: the result if each runner wins",
  query: z.object({ marketId: marketIdQuery, sportsId: z.enum(['1', '2', '4']).optional() }),
  response: envelope(
    z.array(z.object({ selectionId: z.number().int(), RunnerName: z.string(), pL: z.number() })),
  ),
});

/** docs/product.md#entities fancy position: the run ladder. */
export const getFancyCurrentPosition = endpoint({
  method: 'GET',
  path: '/api/UserBetModels/GetFancyCurrentPosition',
  audience: 'client',
  summary: "The client's result at each run value of a fancy runner",
  query: z.object({
    selectionId: z.string().regex(/^\d{1,15}-\d{1,6}$/, 'must be <EventId>-<n>'),
    marketId: eventIdQuery,
  }),
  response: envelope(z.array(z.object({ RunValue: z.number().int(), Pl: z.number() }))),
});

/** docs/product.md#entities user book row: filterOrder 1 lists users, 0 their figures (one per runner). */
export const getUserBook = endpoint({
  method: 'GET',
  path: '/api/UserBetModels/GetUserBook',
  audience: 'client',
  summary: "Per-user book of a market (the caller's own)",
  query: z.object({ marketId: marketIdQuery, uid: ownUserId }),
  response: envelope(
    z.array(
      z.object({
        userName: z.string(),
        pL: z.number(),
        filterOrder: z.union([z.literal(0), z.literal(1)]),
      }),
    ),
  ),
});
