import { z } from 'zod';
import { endpoint, envelope, isoDateTime } from '../common.js';

/** docs/product.md#purpose sport ids; `0` means every sport (docs/decisions.md#api). */
export const sportsIdQuery = z.enum(['0', '1', '2', '4']);

/** docs/product.md#entities market list item: one per event, its match odds market. MarketStatus 1 = in play. */
export const marketListItem = z.object({
  SportsId: z.number().int(),
  SeriesName: z.string(),
  MarketName: z.string(),
  EventId: z.number().int(),
  MarketId: z.string(),
  MarketTime: isoDateTime,
  MarketStatus: z.union([z.literal(0), z.literal(1)]),
  MarketType: z.string(),
});
export type MarketListItem = z.infer<typeof marketListItem>;

export const getMarketList = endpoint({
  method: 'GET',
  path: '/api/MarketModels/GetMarketList',
  audience: 'client',
  summary: 'Open events of a sport (0 = every sport), in play first',
  query: z.object({ sportsId: sportsIdQuery.default('0') }),
  response: envelope(z.array(marketListItem)),
});

const priceSize = z.object({ price: z.number(), size: z.number() });

/** docs/decisions.md#api market book: odds as decimals (bookmaker per 100), sizes in rupees, a per-market Seq. */
export const runnerBook = z.object({
  selectionId: z.number().int(),
  status: z.string(),
  ex: z.object({ availableToBack: z.array(priceSize), availableToLay: z.array(priceSize) }),
});
export const marketBook = z.object({
  marketId: z.string(),
  status: z.string(),
  inplay: z.boolean(),
  Seq: z.number().int(),
  runners: z.array(runnerBook),
});
export type MarketBookWire = z.infer<typeof marketBook>;

const marketIdList = z
  .string()
  .max(2000)
  .regex(
    /^(1\.\d+|\d+(B|T|TM|CM|OU15|OU25|OU35|SW[1-5]))(,(1\.\d+|\d+(B|T|TM|CM|OU15|OU25|OU35|SW[1-5])))*$/,
    'marketids must be comma-joined market ids',
  );

export const getRates = endpoint({
  method: 'GET',
  path: '/api/MarketModels/GetRates',
  audience: 'client',
  summary: 'Market books of comma-joined market ids (polled every 5 s on the list screens)',
  query: z.object({ marketids: marketIdList }),
  response: envelope(z.array(marketBook)),
});

export const eventRunner = z.object({
  selectionId: z.number().int(),
  RunnerName: z.string(),
  status: z.string(),
  marketId: z.string(),
});

export const eventMarket = z.object({
  MarketId: z.string(),
  MarketName: z.string(),
  SeriesName: z.string(),
  EventId: z.number().int(),
  MarketType: z.string(),
  SportsId: z.number().int(),
  MinStake: z.number().int(),
  MaxStake: z.number().int(),
  /**
   * Seconds the server holds a bet on this market before checking it again (in-play delay,
   * docs/architecture.md "In-play bet delay"); 0 when bets are taken at once.
   */
  BetDelay: z.number().int().nonnegative(),
  runners: z.array(eventRunner),
});

/** docs/product.md#entities event detail: MarketList and the fancy settings (EvBetStatus true = betting open). */
export const eventDetail = z.object({
  EventId: z.number().int(),
  EventName: z.string(),
  SeriesName: z.string(),
  SportsId: z.number().int(),
  MarketTime: isoDateTime,
  MarketStatus: z.union([z.literal(0), z.literal(1)]),
  /** The live TV player page of this event; null when no TV is configured. */
  TvUrl: z.string().nullable(),
  MarketList: z.array(eventMarket),
  /**
   * Monotonic (docs/architecture.md, "Freshness on the client"): the newest of the event's facts
   * and of its open markets' books; a client keeps the detail with the higher one (a push or a
   * poll).
   */
  Seq: z.number().int(),
  fancy: z.object({
    IsFancyActive: z.boolean(),
    EvBetStatus: z.boolean(),
    SessionMinStake: z.number().int(),
    SessionMaxStake: z.number().int(),
    /** Seconds a fancy bet is held before it is checked again; 0 when taken at once. */
    BetDelay: z.number().int().nonnegative(),
  }),
});
export type EventDetail = z.infer<typeof eventDetail>;

const eventIdQuery = z.string().regex(/^\d{1,15}$/, 'must be an event id');

export const getEventDetail = endpoint({
  method: 'GET',
  path: '/api/MarketModels/GetEventDetail',
  audience: 'client',
  summary: "An event's markets and fancy settings",
  query: z.object({ eventId: eventIdQuery }),
  response: envelope(eventDetail),
});

/** docs/product.md#entities bookmaker row (odds per 100) and fancy rate row (line and rate). */
export const bookmakerRow = z.object({
  MarketId: z.string(),
  selectionId: z.number().int(),
  RunnerName: z.string(),
  status: z.string(),
  BackPrice1: z.number(),
  BackSize1: z.number(),
  LayPrice1: z.number(),
  LaySize1: z.number(),
});
export const fancyRateRow = z.object({
  SelectionId: z.string(),
  RunnerName: z.string(),
  BackPrice1: z.number(),
  BackSize1: z.number(),
  LayPrice1: z.number(),
  LaySize1: z.number(),
  GameStatus: z.string(),
});

/**
 * A fancy row as BmFancy answers it: the rows as the fancy assembly gives them (rate rows with the
 * session's min and max, custom rows from the operator desk, active rows with their own limits),
 * stakes in whole rupees, and `profitLoss`: the caller's worst result on the row in rupees
 * (negative or 0; 0 without open bets).
 */
export const bmFancyRow = fancyRateRow.extend({
  min: z.number().int(),
  max: z.number().int(),
  isCustome: z.boolean(),
  isActive: z.boolean(),
  profitLoss: z.number(),
});
export type BmFancyRow = z.infer<typeof bmFancyRow>;

export const getBmFancy = endpoint({
  method: 'GET',
  path: '/api/Odds/BmFancy/:eventId',
  audience: 'client',
  summary: "Bookmaker rates and the assembled fancy rows of an event, with the caller's positions",
  params: z.object({ eventId: eventIdQuery }),
  response: envelope(
    z.object({
      EventId: z.number().int(),
      Marketid: z.string(),
      /** Each part has its own monotonic Seq: the hub pushes them apart (GetActiveBM, …Session). */
      BMSeq: z.number().int(),
      FancySeq: z.number().int(),
      BMList: z.array(bookmakerRow),
      fancyList: z.array(bmFancyRow),
    }),
  ),
});

/** docs/product.md#entities: in the odds feed keyed by marketId the runner property is named `exchange`. */
export const exchangeBook = z.object({
  marketId: z.string(),
  status: z.string(),
  inplay: z.boolean(),
  Seq: z.number().int(),
  runners: z.array(
    z.object({
      selectionId: z.number().int(),
      status: z.string(),
      exchange: z.object({
        availableToBack: z.array(priceSize),
        availableToLay: z.array(priceSize),
      }),
    }),
  ),
});

export const getMarketOdds = endpoint({
  method: 'GET',
  path: '/api/Odds/Market/:marketId',
  audience: 'client',
  summary: "Odds of a market and its event's other exchange markets, keyed by market id",
  params: z.object({
    marketId: z
      .string()
      .regex(/^(1\.\d+|\d+(B|T|TM|CM|OU15|OU25|OU35|SW[1-5]))$/, 'must be a market id'),
  }),
  response: envelope(z.record(z.string(), exchangeBook)),
});

export const getTossOdds = endpoint({
  method: 'GET',
  path: '/api/Odds/Toss',
  audience: 'client',
  summary: 'Toss market books',
  query: z.object({ marketids: marketIdList }),
  response: envelope(z.array(marketBook)),
});

/** docs/product.md#entities fancy row as the operator set it (custom or active). */
export const operatorFancyRow = fancyRateRow.extend({
  min: z.number().int(),
  max: z.number().int(),
  isCustome: z.boolean(),
  isActive: z.boolean(),
});

export const getActiveFancy = endpoint({
  method: 'GET',
  path: '/api/FancyRunnerModels/GetActiveFancy',
  audience: 'client',
  summary: "The event's active fancy rows (own min and max)",
  query: z.object({ MarketId: eventIdQuery }),
  response: envelope(z.array(operatorFancyRow)),
});

export const getCustomFancy = endpoint({
  method: 'GET',
  path: '/api/FancyRunnerModels/GetCustomFancy',
  audience: 'client',
  summary: "The event's custom fancy rows",
  query: z.object({ MarketId: eventIdQuery }),
  response: envelope(z.array(operatorFancyRow)),
});

/** docs/product.md#entities custom bookmaker row. */
export const customBookmakerRow = bookmakerRow.extend({
  IsCustome: z.boolean(),
  IsActive: z.boolean(),
});

export const getCustomBookmaker = endpoint({
  method: 'GET',
  path: '/api/MarketModels/GetCustomBookmaker',
  audience: 'client',
  summary: 'Custom bookmaker rows of `<EventId>B`',
  query: z.object({ MarketId: z.string().regex(/^\d{1,15}B$/, 'must be <EventId>B') }),
  response: envelope(z.array(customBookmakerRow)),
});

/** docs/product.md#entities my market entry. */
export const myMarket = z.object({
  EventId: z.number().int(),
  SportsId: z.number().int(),
  MarketName: z.string(),
  SeriesName: z.string(),
  MarketType: z.string(),
  /**
   * An exchange market's runners with the result if each wins; a fancy entry (MarketType FANCY,
   * one per session with open bets) has the one session, its `selectionId` the session's id
   * (`<EventId>-<n>`) and `profitLoss` its worst result (negative or 0). Rupees.
   */
  Runners: z.array(
    z.object({
      selectionId: z.union([z.number().int(), z.string()]),
      RunnerName: z.string(),
      profitLoss: z.number(),
    }),
  ),
});

export const getMyMarkets = endpoint({
  method: 'GET',
  path: '/api/MarketModels/GetMyMarkets',
  audience: 'client',
  summary: "Open markets and fancy sessions the client has bets on, with each one's profit or loss",
  response: envelope(z.array(myMarket)),
});
