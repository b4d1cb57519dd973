/**
 * What a user above the clients reads of its subtree (docs/agents.md): its P/L and its take by
 * market and by downline user, the live book of its clients' open bets, their current bets, the
 * account statement of any user below it and the commission paid. Every read is scoped to the
 * caller's subtree: a user outside it answers 404 "No user named …", as one that does not exist.
 * Money in rupees; days are report days in REPORT_TZ (docs/decisions.md#api), both ends included,
 * at most 366; an absent range is the last week. Each has the operator's door as the admin.
 */
import { AGENT_LEVELS, MARKET_TYPES } from '@backlay/domain';
import { z } from 'zod';
import { endpoint, isoDateTime, rupees } from '../common.js';
import { skip, take } from '../backoffice/fields.js';
import { username } from '../ops/fields.js';
import { reportDate } from '../reports/index.js';
import { answer } from './answer.js';
import { asAdmin } from './as-admin.js';

/** Any user of the tree, the admin included. */
const userLevelOf = z.enum(AGENT_LEVELS);

const dates = { from: reportDate.optional(), to: reportDate.optional() };

const eventIdQuery = z.string().regex(/^\d{1,15}$/, 'must be an event id');
/** A market id, or a fancy session's selection id (`<EventId>-<n>`). */
const bookTarget = z
  .string()
  .regex(
    /^(1\.\d{1,15}|\d{1,15}(B|T|TM|CM|OU15|OU25|OU35|SW[1-5])|\d{1,15}-\d{1,6})$/,
    'must be a market id or a fancy selection id',
  );

/**
 * Settled results and commission as a user above the clients sees them (docs/agents.md
 * #settlement-split, #commission): the clients' result (+ they won), the caller's booking of it
 * (its take's share, rounded as booked), the commission paid to the clients (≥ 0) and the
 * caller's bearing of it (≤ 0); `myNet` = myShare + myCommission.
 */
const plFigures = {
  clientResult: rupees,
  myShare: rupees,
  commission: rupees,
  myCommission: rupees,
  myNet: rupees,
};
const plTotals = z.object(plFigures);

export const agentPlMarket = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  /** A market id, or a fancy session's selection id. */
  marketId: z.string(),
  marketName: z.string(),
  marketType: z.string(),
  /** The latest booking of the market in the range. */
  settledAt: isoDateTime,
  ...plFigures,
});
export type AgentPlMarket = z.infer<typeof agentPlMarket>;

export const agentPl = endpoint({
  method: 'GET',
  path: '/api/agent/pl',
  audience: 'agent',
  summary: "The caller's P/L and take per settled market of its subtree, newest first",
  query: z.object({ ...dates, skip, take }),
  response: answer(
    z.object({
      /** Markets in the range. */
      total: z.number().int(),
      /** Over every market of the range, not the page only. */
      totals: plTotals,
      markets: z.array(agentPlMarket),
    }),
  ),
});

export const agentPlUser = z.object({
  username: z.string(),
  level: userLevelOf,
  ...plFigures,
});

export const agentPlByUser = endpoint({
  method: 'GET',
  path: '/api/agent/pl-by-user',
  audience: 'agent',
  summary:
    'The P/L of each direct child of the caller (or of a user below it) with its subtree, and the caller’s take of it',
  query: z.object({ ...dates, parent: username.optional(), skip, take }),
  response: answer(
    z.object({
      /** Children with bookings in the range. */
      total: z.number().int(),
      totals: plTotals,
      users: z.array(agentPlUser),
    }),
  ),
});

/**
 * One outcome of the book: what the levels of the caller's subtree win together if it happens
 * (the clients' combined result negated), and the caller's own take of that.
 */
const bookFigures = { downline: rupees, mine: rupees };

const bookMarket = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  marketId: z.string(),
  marketName: z.string(),
  marketType: z.string(),
  runners: z.array(z.object({ selectionId: z.string(), name: z.string(), ...bookFigures })),
  /** The worst outcomes, as positive numbers (0 when no outcome loses). */
  downlineExposure: rupees,
  myExposure: rupees,
  openBets: z.number().int().nonnegative(),
});

const bookFancy = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  selectionId: z.string(),
  name: z.string(),
  /** From `runs` final runs up to the next rung's, over the runs where a figure changes. */
  ladder: z.array(z.object({ runs: z.number().int().nonnegative(), ...bookFigures })),
  downlineExposure: rupees,
  myExposure: rupees,
  openBets: z.number().int().nonnegative(),
});

export const agentBook = endpoint({
  method: 'GET',
  path: '/api/agent/book',
  audience: 'agent',
  summary: "The live book of the caller's subtree on every market and session with open bets",
  response: answer(
    z.object({
      at: isoDateTime,
      markets: z.array(bookMarket),
      fancy: z.array(bookFancy),
    }),
  ),
});

/**
 * A market's or session's user book (docs/product.md#entities user book row: userName, pL): each
 * direct child of the caller (or of `parent`) with open bets on it, its subtree's clients'
 * combined result per outcome (+ they win) and the caller's take of it (what the caller wins).
 * Outcomes are the market's runners, or a session's run values (`runs`): `pL` and `myTake` list
 * one figure per outcome, in that order.
 */
export const agentBookUsers = endpoint({
  method: 'GET',
  path: '/api/agent/book/:marketId',
  audience: 'agent',
  summary: "The positions of the caller's downline users on one market or fancy session",
  params: z.object({ marketId: bookTarget }),
  query: z.object({ parent: username.optional() }),
  response: answer(
    z.object({
      eventId: z.number().int(),
      eventName: z.string(),
      marketId: z.string(),
      marketName: z.string(),
      marketType: z.string(),
      /** An exchange market's runners; empty for a session. */
      runners: z.array(z.object({ selectionId: z.string(), name: z.string() })),
      /** A session's run values (from each up to the next); empty for an exchange market. */
      runs: z.array(z.number().int().nonnegative()),
      users: z.array(
        z.object({
          userName: z.string(),
          level: userLevelOf,
          pL: z.array(rupees),
          myTake: z.array(rupees),
        }),
      ),
      total: z.object({ pL: z.array(rupees), myTake: z.array(rupees) }),
    }),
  ),
});

export const agentOpenBet = z.object({
  betId: z.string(),
  username: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  marketId: z.string(),
  marketName: z.string(),
  marketType: z.string(),
  selectionId: z.string(),
  selectionName: z.string(),
  side: z.enum(['Back', 'Lay', 'Yes', 'No']),
  /** Decimal for match odds and toss, per 100 for bookmaker, the line for fancy. */
  odds: z.number(),
  /** 0, or the fancy rate. */
  price: z.number(),
  /** Whole rupees. */
  stake: z.number().int(),
  /** What the client loses if the bet loses. */
  liability: rupees,
  placedAt: isoDateTime,
});

export const agentBets = endpoint({
  method: 'GET',
  path: '/api/agent/bets',
  audience: 'agent',
  summary: "The open bets of the caller's subtree (or of a user in it), newest first",
  query: z.object({
    username: username.optional(),
    eventId: eventIdQuery.optional(),
    marketType: z.enum(MARKET_TYPES).optional(),
    skip,
    take,
  }),
  response: answer(z.object({ total: z.number().int(), bets: z.array(agentOpenBet) })),
});

/**
 * One ledger row of an account (docs/agents.md#chips): `credit` chips moved by a parent,
 * `clearing` cash settled outside, `settlement` a market's result (for a level, its take's
 * share), `commission` paid to a client or borne by a level, `profit_loss` casino and matka.
 * `balance`: the account's balance after the row.
 */
export const agentStatementRow = z.object({
  at: isoDateTime,
  kind: z.enum(['credit', 'settlement', 'profit_loss', 'commission', 'clearing']),
  amount: rupees,
  balance: rupees,
  remark: z.string(),
  description: z.string(),
  eventId: z.number().int().nullable(),
  marketId: z.string().nullable(),
  marketType: z.string().nullable(),
});

export const agentStatement = endpoint({
  method: 'GET',
  path: '/api/agent/statement',
  audience: 'agent',
  summary: 'The account statement of the caller or a user below it, oldest first',
  query: z.object({ username: username.optional(), ...dates, skip, take }),
  response: answer(
    z.object({
      username: z.string(),
      level: userLevelOf,
      /** The balance before the range, and after it. */
      openBalance: rupees,
      closeBalance: rupees,
      total: z.number().int(),
      rows: z.array(agentStatementRow),
    }),
  ),
});

/** Commission paid to one client (docs/agents.md#commission), and the caller's bearing of it. */
export const agentCommissionRow = z.object({
  username: z.string(),
  /** The client's parent. */
  parent: z.string(),
  match: rupees,
  session: rupees,
  /** ≤ 0. */
  myBearing: rupees,
});

export const agentCommissionReport = endpoint({
  method: 'GET',
  path: '/api/agent/commission',
  audience: 'agent',
  summary: "Match and session commission paid to each client of the caller's subtree",
  query: z.object({ ...dates, skip, take }),
  response: answer(
    z.object({
      total: z.number().int(),
      totals: z.object({ match: rupees, session: rupees, myBearing: rupees }),
      clients: z.array(agentCommissionRow),
    }),
  ),
});

export const opsAgentPl = asAdmin(agentPl);
export const opsAgentPlByUser = asAdmin(agentPlByUser);
export const opsAgentBook = asAdmin(agentBook);
export const opsAgentBookUsers = asAdmin(agentBookUsers);
export const opsAgentBets = asAdmin(agentBets);
export const opsAgentStatement = asAdmin(agentStatement);
export const opsAgentCommissionReport = asAdmin(agentCommissionReport);
