import { calendarDateParse } from '@backlay/domain';
import { z } from 'zod';
import { endpoint, envelope, isoDateTime, ownUserId, refusal, rupees, success } from '../common.js';
import { MATKA_SPORTS_ID } from './values.js';

export { MATKA_SPORTS_ID };

/**
 * Matka (docs/product.md#entities, #calls "Matka"; docs/decisions.md#api). `EventId` names a game (one daily draw, e.g. Kalyan);
 * `Mid` names one day's market of it, and a matka bet's `MarketId` is that `Mid`. PlaceBet names
 * the game by `EventId`; the server books it on the game's open `Mid`. Bet numbers are two-digit
 * strings `'00'`–`'99'`; amounts are rupees (two decimals at most).
 */

/** A matka bet number on the wire: `'00'` … `'99'`. */
export const matkaBetNoSchema = z.string().regex(/^\d{2}$/, 'must be a number from 00 to 99');

/**
 * docs/product.md#entities matka event: one game with its current market (the one open now, otherwise the next
 * to open). `StartTime`/`EndTime` are that market's window (ISO 8601 with offset, Asia/Kolkata
 * schedule; `EndTime` may be the next day), `DateModify` when the market row last changed, `id`
 * the same number as `Mid`, `isOpen` whether bets are taken now by the server's clock.
 */
export const matkaEvent = z.object({
  EventName: z.string(),
  hindi: z.string(),
  EventId: z.number().int().positive(),
  Mid: z.number().int().positive(),
  DateModify: isoDateTime,
  StartTime: isoDateTime,
  EndTime: isoDateTime,
  id: z.number().int().positive(),
  isOpen: z.boolean(),
});
export type MatkaEvent = z.infer<typeof matkaEvent>;

export const getMatkaEventMarkets = endpoint({
  method: 'GET',
  path: '/api/Matka/GetEventMarkets',
  audience: 'client',
  summary: 'The matka games with their current market, in schedule order',
  response: envelope(z.array(matkaEvent)),
});

/**
 * docs/product.md#entities matka bet, newest first. `PL` is 0 while Pending, `(rate − 1) × Amount` when Settled
 * (a hit), `−Amount` when Lost. `MatchName` is the game's EventName; `MarketId` its Mid.
 */
export const matkaBet = z.object({
  IP_Address: z.string(),
  MatchName: z.string(),
  betNo: z.string(),
  Amount: rupees,
  CreatedOn: isoDateTime,
  MarketId: z.number().int().positive(),
  PL: rupees,
  BetStatus: z.enum(['Pending', 'Settled', 'Lost']),
});
export type MatkaBetRow = z.infer<typeof matkaBet>;

const midQuery = z.string().regex(/^\d{1,15}$/, 'must be a market id (Mid)');

/** The client's matka bets of one market (`marketId` or `Mid`), or of every market without either. */
export const getMatkaMyBets = endpoint({
  method: 'GET',
  path: '/api/Matka/GetMyBets',
  audience: 'client',
  summary: "The client's matka bets, newest first",
  query: z.object({
    marketId: midQuery.optional(),
    Mid: midQuery.optional(),
    uid: ownUserId,
  }),
  response: envelope(z.array(matkaBet)),
});

/** docs/product.md#entities matka result: one drawn or declared market, newest first. `MarketName` is the game's name. */
export const matkaResult = z.object({
  MarketId: z.number().int().positive(),
  MarketName: z.string(),
  Result: z.string(),
  CreatedOn: isoDateTime,
});
export type MatkaResult = z.infer<typeof matkaResult>;

export const getMatkaBetResult = endpoint({
  method: 'GET',
  path: '/api/Matka/GetBetResult',
  audience: 'client',
  summary: 'The matka results, newest first (the last 100)',
  response: envelope(z.array(matkaResult)),
});

const reportDate = z
  .string()
  .refine((text) => calendarDateParse(text) !== null, { message: 'must be a date YYYY-MM-DD' });

/**
 * Matka profit and loss, one row per market the client bet on and that has its result:
 * `Amount` the client's net result (its ledger pair), `createdOn` when it was settled,
 * `Result` the drawn number. Newest first; `count` is the number of rows matching.
 */
export const matkaProfitLossEntry = z.object({
  MarketId: z.number().int().positive(),
  MarketName: z.string(),
  EventId: z.number().int().positive(),
  Result: z.string(),
  Amount: rupees,
  createdOn: isoDateTime,
});
export type MatkaProfitLossEntry = z.infer<typeof matkaProfitLossEntry>;

export const matkaProfitLoss = z.union([
  success(z.array(matkaProfitLossEntry)).extend({ count: z.number().int().nonnegative() }),
  refusal,
]);

/** Dates are calendar days in REPORT_TZ, both ends included (as the other reports). */
export const getMatkaProfitLoss = endpoint({
  method: 'GET',
  path: '/api/Matka/GetProfitLoss',
  audience: 'client',
  summary: "The client's matka results per market, newest first",
  query: z.object({
    skipRec: z
      .string()
      .regex(/^\d{1,9}$/, 'must be a whole number')
      .default('0'),
    psize: z
      .string()
      .regex(/^([1-9]\d?|100)$/, 'must be 1–100')
      .default('10'),
    startDate: reportDate.optional(),
    endDate: reportDate.optional(),
    sportsId: z.enum(['0', '6']).default('6'),
  }),
  response: matkaProfitLoss,
});

/**
 * docs/product.md#calls matka bet. `TotalAmount` (whole rupees) must equal the sum of the amounts; each
 * `BetNo` must be `'00'`–`'99'` and each `Amount` > 0 — otherwise `Status: false` with a clear
 * `Result` and nothing stored (checked by the server, not by this schema). Duplicate numbers are
 * separate bets.
 */
export const matkaPlaceBetBody = z.object({
  SportsId: z.literal(MATKA_SPORTS_ID),
  EventName: z.string().max(100),
  EventId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)]),
  TotalAmount: z.number().finite(),
  SMBets: z.array(z.object({ BetNo: z.string().max(4), Amount: z.number().finite() })).max(1000),
});
export type MatkaPlaceBetBody = z.infer<typeof matkaPlaceBetBody>;

export const placeMatkaBet = endpoint({
  method: 'POST',
  path: '/api/Matka/PlaceBet',
  audience: 'client',
  summary: 'Place matka bets on a game',
  body: matkaPlaceBetBody,
  response: envelope(z.string()),
  movesMoney: true,
});
