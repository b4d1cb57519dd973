import { EXCHANGE_MARKET_TYPES } from '@backlay/domain';
import { z } from 'zod';
import { endpoint, envelope, isoDateTime } from '../common.js';
import {
  bmFancyRow,
  bookmakerRow,
  customBookmakerRow,
  eventDetail,
  exchangeBook,
  marketBook,
  operatorFancyRow,
} from '../markets/index.js';
import {
  FIRST_RETRY_JITTER_MS,
  HUB_PATH,
  RECONNECT_DELAYS_MS,
  reconnectDelayMs,
  SUBSCRIBE_EVENT,
} from './protocol.js';

export { FIRST_RETRY_JITTER_MS, HUB_PATH, RECONNECT_DELAYS_MS, reconnectDelayMs, SUBSCRIBE_EVENT };

/** A single-use ticket for the hub (docs/decisions.md#hub), fetched by `accessTokenFactory` on every call. */
export const getHubTicket = endpoint({
  method: 'POST',
  path: '/api/Hub/Ticket',
  audience: 'client',
  summary: 'A single-use hub ticket, valid for 60 s',
  response: envelope(z.object({ ticket: z.string() })),
});

/** The hub's messages (docs/product.md#states "Real-time events received"), each payload as the client reads it. */
export const hubMessages = {
  /**
   * To the back office's operators only: the house's book changed on these events (bets placed,
   * cancelled or settled); the risk book is read again (docs/backoffice.md).
   */
  RiskChanged: z.object({ EventIds: z.array(z.number().int()) }),
  UpdateMarketList: z.object({ Seq: z.number().int() }),
  /** The event's bookmaker rows as BmFancy's BMList, with its Seq (BmFancy's BMSeq). */
  GetActiveBM: z.object({
    Marketid: z.string(),
    EventId: z.number().int(),
    Seq: z.number().int(),
    BMList: z.array(bookmakerRow),
  }),
  /**
   * The event's fancy rows as BmFancy's fancyList (assembled), with its Seq (BmFancy's FancySeq);
   * a group push carries no one's position, so each client keeps its own `profitLoss`.
   */
  GetActiveSession: z.object({
    MarketId: z.number().int(),
    Seq: z.number().int(),
    fancyList: z.array(bmFancyRow.omit({ profitLoss: true })),
  }),
  /**
   * The event after a market or the event was suspended or reopened, by the feed or an operator:
   * its detail as GetEventDetail answers it (without the caller's TvUrl) and the operator's rows
   * as their reads answer them, so an open screen follows without asking.
   */
  EventSuspended: z.object({
    EventId: z.number().int(),
    Seq: z.number().int(),
    Detail: eventDetail.omit({ TvUrl: true }),
    CustomBookmaker: z.array(customBookmakerRow),
    CustomFancy: z.array(operatorFancyRow),
    ActiveFancy: z.array(operatorFancyRow),
  }),
  /**
   * An exchange market's (match odds under the provider's id, tied match, over/under … —
   * docs/architecture.md identifiers) or the toss's (`<EventId>T`) whole book, to its event's group on every change of
   * its prices or status, by the feed or an operator. `Book` is the shape the event screen's poll
   * reads for that market: an entry of GetMarketOdds for an exchange market, of GetTossOdds for
   * toss. `Seq` is `Book.Seq`; the client drops the push when it holds that market with a higher
   * one.
   */
  UpdateMarketOdds: z.discriminatedUnion('MarketType', [
    z.object({
      EventId: z.number().int(),
      MarketId: z.string(),
      MarketType: z.enum(EXCHANGE_MARKET_TYPES),
      Seq: z.number().int(),
      Book: exchangeBook,
    }),
    z.object({
      EventId: z.number().int(),
      MarketId: z.string(),
      MarketType: z.literal('TOSS'),
      Seq: z.number().int(),
      Book: marketBook,
    }),
  ]),
  /**
   * The feed is alive for the event (its heartbeat, every few seconds): the prices an open screen
   * holds are the server's, as every change of theirs is pushed, so they count as fresh (the
   * screen greys them out when these stop, as when its polls stop; docs/architecture.md).
   */
  FeedHeartbeat: z.object({ EventId: z.number().int() }),
  inplaycount: z.object({ Count: z.number().int() }),
  updateNews: z.object({ Message: z.string() }),
  /**
   * To the client's own connections when money moved outside a bet's answer — a matka bet, a
   * casino round's Debit or Credit (or an operator's void of one), an operator's credit — so the
   * header's wallet reloads at once (`Reason` names it).
   */
  UpdateBalance: z.object({ Reason: z.enum(['matka', 'casino', 'credit']) }),
  /**
   * To everyone: a matka game's market opened, closed for betting at its EndTime, got its result
   * (drawn at close or declared by an operator), or was voided or rolled back; open boards, game
   * lists and result lists follow without asking. `Result` is the winning number (`'00'`–`'99'`)
   * once settled, else null.
   */
  MatkaChanged: z.object({
    EventId: z.number().int().positive(),
    Mid: z.number().int().positive(),
    Status: z.enum(['open', 'closed', 'settled', 'voided', 'rolled back']),
    Result: z.string().nullable(),
    EndTime: isoDateTime,
  }),
  BetPlacedMessage: z.object({
    EventId: z.number().int(),
    MarketId: z.string(),
    MarketType: z.string(),
  }),
} as const;

export type HubMessageName = keyof typeof hubMessages;
export type HubPayload<N extends HubMessageName> = z.infer<(typeof hubMessages)[N]>;

/**
 * A push as the server sends it: a message's name and its payload, typed together, so a payload
 * that is not its name's fails to compile wherever a push is made (the server's publisher takes
 * only these; docs/conventions.md#contract-as-data).
 */
export type HubPush = {
  readonly [N in HubMessageName]: { readonly target: N; readonly payload: HubPayload<N> };
}[HubMessageName];

/** The push named `N`. */
export type HubPushOf<N extends HubMessageName> = Extract<HubPush, { readonly target: N }>;

/** A handler for every message, each taking its own payload (the web's hub handlers). */
export type HubHandlers = { readonly [N in HubMessageName]: (payload: HubPayload<N>) => void };
