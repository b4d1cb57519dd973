import { z } from 'zod';
import { endpoint, envelope } from '../common.js';

/** The hub's path (SPEC §7: `{host}/MessageHub?userId=`). */
export const HUB_PATH = '/MessageHub';

/** A single-use ticket for the hub (DESIGN §7), fetched by `accessTokenFactory` on every call. */
export const getHubTicket = endpoint({
  method: 'POST',
  path: '/api/Hub/Ticket',
  audience: 'client',
  summary: 'A single-use hub ticket, valid for 60 s',
  response: envelope(z.object({ ticket: z.string() })),
});

/** The hub's messages (SPEC §4 "Real-time events received"), each payload as the client reads it. */
export const hubMessages = {
  UpdateMarketList: z.object({ Seq: z.number().int() }),
  GetActiveBM: z.object({
    Marketid: z.string(),
    EventId: z.number().int(),
    Seq: z.number().int(),
    BMList: z.array(z.unknown()),
  }),
  GetActiveSession: z.object({
    MarketId: z.number().int(),
    Seq: z.number().int(),
    fancyList: z.array(z.unknown()),
  }),
  EventSuspended: z.object({ EventId: z.number().int() }),
  inplaycount: z.object({ Count: z.number().int() }),
  updateNews: z.object({ Message: z.string() }),
  BetPlacedMessage: z.object({
    EventId: z.number().int(),
    MarketId: z.string(),
    MarketType: z.string(),
  }),
} as const;

export type HubMessageName = keyof typeof hubMessages;
export type HubPayload<N extends HubMessageName> = z.infer<(typeof hubMessages)[N]>;

/** The hub method a connection calls to join an event's group. */
export const SUBSCRIBE_EVENT = 'SubscribeEvent';
