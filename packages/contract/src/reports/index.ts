import { calendarDateParse, MARKET_TYPES } from '@backlay/domain';
import { z } from 'zod';
import { endpoint, envelope, isoDateTime, ownUserId, refusal, rupees, success } from '../common.js';
import { REPORT_RANGE_DAYS_MAX, STATEMENT_TYPES } from './values.js';

export { REPORT_RANGE_DAYS_MAX, STATEMENT_TYPES };

/**
 * docs/product.md#purpose sport ids, `0` = every sport (docs/decisions.md#api). The same ids as the markets area's filter,
 * declared here so a report screen does not load the markets schemas.
 */
const reportSportsId = z.enum(['0', '1', '2', '4']);

/** docs/product.md#calls report date: a real calendar day `YYYY-MM-DD`, read in REPORT_TZ (docs/decisions.md#api). */
export const reportDate = z
  .string()
  .refine((text) => calendarDateParse(text) !== null, { message: 'must be a date YYYY-MM-DD' });

/** Rows to skip (docs/product.md#calls `skipRec`), a whole number. */
const skipRec = z.string().regex(/^\d{1,9}$/, 'must be a whole number');

/** Rows per page (docs/product.md#calls `psize`; the web sends 10), 1–100. */
const psize = z.string().regex(/^([1-9]\d?|100)$/, 'must be 1–100');

const eventIdQuery = z.string().regex(/^\d{1,15}$/, 'must be an event id');
const marketIdQuery = z
  .string()
  .regex(/^(1\.\d{1,15}|\d{1,15}(B|T|TM|CM|OU15|OU25|OU35|SW[1-5]))$/, 'must be a market id');

/** docs/product.md#roles: match bet and bet history calls carry role 'Client'. */
const role = z.enum(['Client']);

/**
 * The date filter of every dated report: both ends included, `startDate` ≤ `endDate`, at most
 * 366 days; an absent end takes the report's default range (docs/product.md#constants) in REPORT_TZ. The server
 * answers 400 with a clear `Result` for a reversed or too long range.
 */
const dateFilter = {
  startDate: reportDate.optional(),
  endDate: reportDate.optional(),
};

export const statementType = z.enum(STATEMENT_TYPES);
export type StatementType = z.infer<typeof statementType>;

/**
 * docs/product.md#entities account statement entry: the client's side of one ledger row, oldest first. `Balance`
 * is the running balance after the row over the rows the filters keep (with `type=All` and
 * `sportsId=0` the account's balance). `SqlCount`, the number of rows matching, is on the first
 * row of a page only. `EventId` and `MarketType` are null on rows without an event (credit).
 */
export const statementEntry = z.object({
  createdOn: isoDateTime,
  Amount: rupees,
  Balance: rupees,
  Remark: z.string(),
  Discription: z.string(),
  EventId: z.number().int().nullable(),
  MarketType: z.string().nullable(),
  SqlCount: z.number().int().nonnegative().optional(),
});
export type StatementEntry = z.infer<typeof statementEntry>;

/**
 * docs/decisions.md#api: `OpenBalance` is the sum of the rows the filters keep before `startDate`;
 * `CloseBalance` that plus every kept row up to the end of `endDate` (= the last row's Balance).
 */
export const statement = z.union([
  success(z.array(statementEntry)).extend({ OpenBalance: rupees, CloseBalance: rupees }),
  refusal,
]);

export const getAccountStatement = endpoint({
  method: 'GET',
  path: '/api/AccountStatementModels/GetAccountStatement',
  audience: 'client',
  summary: "The client's ledger rows with running balance, oldest first",
  query: z.object({
    uid: ownUserId,
    skipRec: skipRec.default('0'),
    type: statementType.default('All'),
    psize: psize.default('10'),
    ...dateFilter,
    sportsId: reportSportsId.default('0'),
  }),
  response: statement,
});

/**
 * docs/product.md#entities profit and loss entry, one per event (docs/decisions.md#silent-rules): `Amount` the sum of the client's
 * settlement rows of the event in the range (after commission, rollbacks included),
 * `Commission` the commission taken on those settlements (rolled back ones excluded),
 * `createdOn` the latest of them. Newest first; `count` is the number of events.
 */
export const profitLossEntry = z.object({
  Discription: z.string(),
  Amount: rupees,
  Commission: rupees,
  createdOn: isoDateTime,
  EventId: z.number().int(),
});
export type ProfitLossEntry = z.infer<typeof profitLossEntry>;

export const profitLoss = z.union([
  success(z.array(profitLossEntry)).extend({ count: z.number().int().nonnegative() }),
  refusal,
]);

export const getProfitLoss = endpoint({
  method: 'GET',
  path: '/api/ProfitLossModels/GetProfitLoss',
  audience: 'client',
  summary: "The client's settled results per event, newest first",
  query: z.object({
    userId: ownUserId,
    skipRec: skipRec.default('0'),
    psize: psize.default('10'),
    ...dateFilter,
    sportsId: reportSportsId.default('0'),
  }),
  response: profitLoss,
});

/**
 * docs/product.md#entities bet history entry. Odds: decimal for match odds and toss, per 100 for bookmaker, the
 * line for fancy; Price: 0, or the fancy rate; Stack whole rupees. `Exposure` is the bet's
 * liability; `ReturnBalance` its profit while Pending (what it would win), its result once
 * Settled or Lost (0 for a void). `Remark` is the settlement's remark on the bet, `Void` for a
 * voided bet (Settled at 0), else null; `VoidReason` the void declaration's reason, when it gave
 * one. Pending is shown as Active by the client (docs/decisions.md#silent-rules).
 */
export const betHistoryEntry = z.object({
  createdOn: isoDateTime,
  MatchName: z.string(),
  SelectionName: z.string(),
  BetType: z.enum(['Back', 'Lay', 'Yes', 'No']),
  Odds: z.number(),
  Price: z.number(),
  Stack: z.number().int(),
  /** Cancelled: taken back by the client (docs/architecture.md, "Cancelling a bet"). */
  BetStatus: z.enum(['Pending', 'Settled', 'Lost', 'Cancelled']),
  /** When the client cancelled it; null for every other bet. */
  CancelledOn: isoDateTime.nullable(),
  Exposure: rupees,
  ReturnBalance: rupees,
  MarketType: z.enum(MARKET_TYPES),
  Role: z.literal('Client'),
  Remark: z.enum(['Void']).nullable(),
  VoidReason: z.string().nullable(),
});
export type BetHistoryEntry = z.infer<typeof betHistoryEntry>;

/** Bet history: newest first by placement; `count` is the number of bets matching. */
export const betHistory = z.union([
  success(z.array(betHistoryEntry)).extend({ count: z.number().int().nonnegative() }),
  refusal,
]);

export const getBetHistory = endpoint({
  method: 'GET',
  path: '/api/UserBetModels/GetBetHistory',
  audience: 'client',
  summary: "The client's bets placed in the range, newest first",
  query: z.object({
    userId: ownUserId,
    sportsId: reportSportsId.default('0'),
    skipRec: skipRec.default('0'),
    psize: psize.default('10'),
    // docs/decisions.md#silent-rules: MATCH_ODDS means every non-fancy market; 0 every market.
    marketType: z.enum(['0', 'MATCH_ODDS', 'FANCY']).default('0'),
    // docs/decisions.md#silent-rules: Settled lists every finished bet (Settled and Lost); absent, every bet.
    betStatus: z.enum(['Pending', 'Settled']).optional(),
    ...dateFilter,
  }),
  response: betHistory,
});

/**
 * docs/product.md#entities match bet entry: one per settled market or fancy session of an event that the client
 * played. `profitLoss` is the sum of its settlement rows (after commission), `commission` the
 * commission taken. `marketId` is the market id, or the EventId for a session (the fancy bets'
 * MarketId, docs/decisions.md#api); `Selectionid` the session's `<EventId>-<n>`, null for a market.
 */
export const matchBetEntry = z.object({
  MarketName: z.string(),
  marketType: z.enum(MARKET_TYPES),
  profitLoss: rupees,
  commission: rupees,
  marketId: z.string(),
  userId: z.number().int(),
  Selectionid: z.string().nullable(),
});
export type MatchBetEntry = z.infer<typeof matchBetEntry>;

export const getMatchBet = endpoint({
  method: 'GET',
  path: '/api/UserBetModels/GetMatchBet',
  audience: 'client',
  summary: "The client's result on each settled market and session of an event",
  query: z.object({ marketId: eventIdQuery, role: role.optional(), uid: ownUserId }),
  response: envelope(z.array(matchBetEntry)),
});

export const getMarketBetsOfUser = endpoint({
  method: 'GET',
  path: '/api/UserBetModels/GetMarketBetsOfUser',
  audience: 'client',
  summary: "The client's bets on a match odds, bookmaker or toss market, newest first",
  query: z.object({ marketId: marketIdQuery, role: role.optional(), userId: ownUserId }),
  response: envelope(z.array(betHistoryEntry)),
});

export const getFancyBetsOfUser = endpoint({
  method: 'GET',
  path: '/api/UserBetModels/GetFancyBetsOfUser',
  audience: 'client',
  summary: "The client's bets on one fancy session of an event, newest first",
  query: z.object({
    marketId: eventIdQuery,
    userId: ownUserId,
    selectionId: z.string().regex(/^\d{1,15}-\d{1,6}$/, 'must be <EventId>-<n>'),
  }),
  response: envelope(z.array(betHistoryEntry)),
});
