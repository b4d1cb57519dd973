import type { DatedReport } from '@backlay/domain';
import type { DayWindow, PageWindow } from '../../db/day-window.js';
import type { Db, Tx } from '../../db/pool.js';
import type { BetsTable } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import type { Clock } from '../../seams.js';
import { calendarDayIn, reportRange } from '../reports/reports.service.js';
import { accountOfAgent } from '../wallet/agent-wallets.js';
import { accountOfClient } from '../wallet/wallet.service.js';
import { invalid, notFound, type Refusal } from './agent-actions.js';
import {
  subtreeBook,
  userBook,
  marketTargetOf,
  sessionTargetOf,
  type MarketTarget,
  type SessionTarget,
  type SubtreeBook,
  type Targets,
  type UserBook,
} from './agent-book.js';
import * as book from './agent-book.queries.js';
import { agentLedger as q } from '../wallet/wallet.service.js';
import { findAgent, type AgentLevelAbove, type AgentRow } from './agents.queries.js';
import { findBelow } from './tree.queries.js';

/*
 * What a user above the clients reads of its subtree (docs/agents.md#reads): its P/L and take by
 * market and by downline user, the live book and its drill-down, the current bets, the account
 * statement of any user below it and the commission report. Every user named is looked up below
 * the actor: one outside answers as one that does not exist (docs/agents.md#controls). Paged
 * reads answer their page and their totals from one snapshot.
 */

export interface AgentReportsDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** REPORT_TZ: report days are calendar days of this zone (docs/decisions.md#api). */
  readonly reportTz: string;
}

/** A dated, paged read: days as `YYYY-MM-DD` (checked by the contract), absent for the default. */
export interface DatedPage extends PageWindow {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

/** The actor itself or a user below it. */
type Someone =
  | { readonly kind: 'agent'; readonly agent: AgentRow }
  | {
      readonly kind: 'client';
      readonly id: string;
      readonly username: string;
      readonly parentId: string;
    };

export interface AgentStatement {
  readonly username: string;
  readonly level: AgentLevelAbove | 'client';
  readonly openPaise: bigint;
  readonly closePaise: bigint;
  readonly total: number;
  readonly rows: readonly q.StatementLine[];
}

export interface BookUsersAnswer extends UserBook {
  readonly eventId: number;
  readonly eventName: string;
  readonly marketId: string;
  readonly marketName: string;
  readonly marketType: string;
}

const nothingOpen = (marketId: string): Refusal => ({
  ok: false,
  kind: 'not_found',
  message: `No open bets of your downline on '${marketId}'`,
});

/** The names of the markets and sessions of a book, from their rows. */
function targetsOf(rows: readonly book.BookTargetRow[]): Targets {
  const markets = new Map<string, MarketTarget & { runners: MarketTarget['runners'][number][] }>();
  const sessions = new Map<string, SessionTarget>();
  for (const row of rows) {
    const event = { eventId: Number(row.eventId), name: row.eventName, startTime: row.startTime };
    if (row.kind === 'fancy') {
      sessions.set(row.target, {
        event,
        selectionId: row.target,
        name: row.name,
        order: row.sortKey,
      });
      continue;
    }
    let market = markets.get(row.target);
    if (!market) {
      market = {
        event,
        marketId: row.target,
        name: row.name,
        marketType: row.marketType,
        order: row.sortKey,
        runners: [],
      };
      markets.set(row.target, market);
    }
    if (row.selectionId !== null && row.runnerName !== null)
      market.runners.push({ selectionId: row.selectionId, name: row.runnerName });
  }
  return { markets, sessions };
}

export function createAgentReports(deps: AgentReportsDeps) {
  const { db, clock, reportTz } = deps;

  async function actorOf(actorId: string): Promise<AgentRow> {
    const actor = await findAgent(db, actorId);
    if (!actor) throw new Error(`no agent ${actorId}`);
    return actor;
  }

  async function accountOf(someone: Someone): Promise<string> {
    const account =
      someone.kind === 'agent'
        ? await accountOfAgent(db, someone.agent.id)
        : await accountOfClient(db, someone.id);
    if (account === undefined) throw new Error(`${someone.kind} has no account`);
    return account;
  }

  /** The actor when `username` is absent or its own, else the user of that name below it. */
  async function someoneAt(
    actor: AgentRow,
    username: string | undefined,
  ): Promise<Someone | Refusal> {
    if (username === undefined || username.toLowerCase() === actor.username.toLowerCase())
      return { kind: 'agent', agent: actor };
    const member = await findBelow(db, actor.id, username);
    if (!member) return notFound(username);
    if (member.kind === 'client')
      return {
        kind: 'client',
        id: member.id,
        username: member.username,
        parentId: member.parentId,
      };
    const agent = await findAgent(db, member.id);
    return agent ? { kind: 'agent', agent } : notFound(username);
  }

  /** An agent at `username` (the actor when absent): a client has no downline. */
  async function parentAt(actor: AgentRow, username: string | undefined) {
    const found = await someoneAt(actor, username);
    if ('ok' in found) return found;
    if (found.kind === 'client')
      return invalid('parent', `${found.username} is a client: it has no downline`);
    return found.agent;
  }

  function window(report: DatedReport, query: DatedPage): DayWindow {
    const resolved = reportRange(
      report,
      { startDate: query.from, endDate: query.to },
      calendarDayIn(reportTz, clock.now()),
    );
    if (!resolved.ok)
      throw badRequest(resolved.message.replace('startDate', 'from').replace('endDate', 'to'));
    return { ...resolved.range, timeZone: reportTz };
  }

  /** A page and its totals from one snapshot, so that they agree. */
  function snapshot<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(work);
  }

  const page = (query: PageWindow): PageWindow => ({ skip: query.skip, take: query.take });

  return {
    /** The actor's P/L and take per market settled in the range, latest first. */
    pl: async (actorId: string, query: DatedPage) => {
      const actor = await actorOf(actorId);
      const filter = {
        actorId: actor.id,
        accountId: await accountOf({ kind: 'agent', agent: actor }),
        window: window('profit-loss', query),
      };
      return snapshot((tx) => q.plByMarket(tx, filter, page(query)));
    },

    /** The P/L of each direct child of the actor (or of `parent` below it) with its subtree. */
    plByUser: async (
      actorId: string,
      query: DatedPage & { readonly parent?: string | undefined },
    ) => {
      const actor = await actorOf(actorId);
      const parent = await parentAt(actor, query.parent);
      if ('ok' in parent) return parent;
      const filter = {
        parentId: parent.id,
        accountId: await accountOf({ kind: 'agent', agent: actor }),
        window: window('profit-loss', query),
      };
      return {
        ok: true as const,
        ...(await snapshot((tx) => q.plByChild(tx, filter, page(query)))),
      };
    },

    /** The live book of the actor's subtree on every market and session with open bets. */
    book: async (actorId: string): Promise<SubtreeBook> => {
      const actor = await actorOf(actorId);
      const at = clock.now();
      const stakes = await book.subtreeStakes(db, {
        actorId: actor.id,
        actorIsAdmin: actor.level === 'admin',
      });
      const isFancy = (stake: book.SubtreeStake) => stake.marketType === 'FANCY';
      const keys = (fancy: boolean) => [
        ...new Set(stakes.filter((s) => isFancy(s) === fancy).map((s) => s.positionKey)),
      ];
      const targets = targetsOf(await book.bookTargets(db, keys(false), keys(true)));
      return subtreeBook(stakes, targets, at);
    },

    /** The positions of the direct children of the actor (or of `parent`) on one market. */
    bookUsers: async (
      actorId: string,
      query: { readonly marketId: string; readonly parent?: string | undefined },
    ): Promise<({ ok: true } & BookUsersAnswer) | Refusal> => {
      const actor = await actorOf(actorId);
      const parent = await parentAt(actor, query.parent);
      if ('ok' in parent) return parent;
      const stakes = await book.childStakes(db, {
        actorId: actor.id,
        actorIsAdmin: actor.level === 'admin',
        rootId: parent.id,
        positionKey: query.marketId,
      });
      const first = stakes[0];
      if (!first) return nothingOpen(query.marketId);
      const isFancy = first.marketType === 'FANCY';
      const [rows, names] = await Promise.all([
        book.bookTargets(db, isFancy ? [] : [query.marketId], isFancy ? [query.marketId] : []),
        book.childNames(
          db,
          stakes.map((stake) => ({ id: stake.childId, isClient: stake.childIsClient })),
        ),
      ]);
      const targets = targetsOf(rows);
      const target = isFancy ? sessionTargetOf(targets, stakes) : marketTargetOf(targets, stakes);
      const users = userBook(
        stakes,
        isFancy,
        'runners' in target ? target.runners : [],
        (child) =>
          names.get(`${child.childIsClient ? 'client' : 'agent'}:${child.childId}`) ?? {
            username: child.childId,
            level: child.childIsClient ? 'client' : 'agent',
          },
      );
      return {
        ok: true,
        eventId: target.event.eventId,
        eventName: target.event.name,
        marketId: query.marketId,
        marketName: target.name,
        marketType: first.marketType,
        ...users,
      };
    },

    /** The open bets of the actor's subtree, or of a user in it, newest first. */
    bets: async (
      actorId: string,
      query: PageWindow & {
        readonly username?: string | undefined;
        readonly eventId?: string | undefined;
        readonly marketType?: BetsTable['market_type'] | undefined;
      },
    ) => {
      const actor = await actorOf(actorId);
      const someone = await someoneAt(actor, query.username);
      if ('ok' in someone) return someone;
      const scope =
        someone.kind === 'client' ? { clientId: someone.id } : { rootId: someone.agent.id };
      const filter = { scope, eventId: query.eventId, marketType: query.marketType };
      return {
        ok: true as const,
        ...(await snapshot((tx) => book.openBets(tx, filter, page(query)))),
      };
    },

    /** The account statement of the actor or a user below it, oldest first. */
    statement: async (
      actorId: string,
      query: DatedPage & { readonly username?: string | undefined },
    ): Promise<({ ok: true } & AgentStatement) | Refusal> => {
      const actor = await actorOf(actorId);
      const someone = await someoneAt(actor, query.username);
      if ('ok' in someone) return someone;
      const filter = { accountId: await accountOf(someone), window: window('statement', query) };
      const read = await snapshot((tx) => q.accountStatement(tx, filter, page(query)));
      return {
        ok: true,
        username: someone.kind === 'client' ? someone.username : someone.agent.username,
        level: someone.kind === 'client' ? 'client' : someone.agent.level,
        ...read,
      };
    },

    /** Commission paid to each client of the actor's subtree in the range, and its bearing. */
    commission: async (actorId: string, query: DatedPage) => {
      const actor = await actorOf(actorId);
      const filter = {
        actorId: actor.id,
        accountId: await accountOf({ kind: 'agent', agent: actor }),
        window: window('profit-loss', query),
      };
      return snapshot((tx) => q.commissionByClient(tx, filter, page(query)));
    },
  };
}

export type AgentReports = ReturnType<typeof createAgentReports>;
