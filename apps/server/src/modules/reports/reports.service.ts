import { REPORT_RANGE_DAYS_MAX, type StatementType } from '@backlay/contract/reports';
import {
  assertNever,
  calendarDateAddDays,
  calendarDateCompare,
  calendarDateParse,
  reportDefaultRange,
  type CalendarDate,
  type DateRange,
  type DatedReport,
} from '@backlay/domain';
import type { Db, Tx } from '../../db/pool.js';
import type { LedgerKind } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import type { Clock } from '../../seams.js';
import * as ledger from '../wallet/wallet.service.js';
import { accountOfClient as clientAccountId } from '../wallet/wallet.service.js';
import * as q from './reports.queries.js';

/** The calendar day an instant falls on in `timeZone` (docs/decisions.md#api: report days are REPORT_TZ days). */
export function calendarDayIn(timeZone: string, at: Date): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: 'year' | 'month' | 'day') =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  const day = calendarDateParse(`${part('year')}-${part('month')}-${part('day')}`);
  if (day === null) throw new Error(`no calendar day for ${at.toISOString()} in ${timeZone}`);
  return day;
}

export type RangeResult =
  | { readonly ok: true; readonly range: DateRange }
  | { readonly ok: false; readonly message: string };

/**
 * A report's date filter: an absent end takes the report's default range (docs/product.md#constants) ending
 * `today`; the days must be in order and at most {@link REPORT_RANGE_DAYS_MAX} days, both
 * included. The days have already been checked as real `YYYY-MM-DD` days by the contract.
 */
export function reportRange(
  report: DatedReport,
  given: { readonly startDate?: string | undefined; readonly endDate?: string | undefined },
  today: CalendarDate,
): RangeResult {
  const defaults = reportDefaultRange(report, today);
  const startDate = given.startDate === undefined ? null : calendarDateParse(given.startDate);
  const endDate = given.endDate === undefined ? null : calendarDateParse(given.endDate);
  const range = {
    startDate: startDate ?? defaults.startDate,
    endDate: endDate ?? defaults.endDate,
  };
  if (calendarDateCompare(range.startDate, range.endDate) > 0) {
    return { ok: false, message: 'startDate must not be after endDate' };
  }
  const last = calendarDateAddDays(range.startDate, REPORT_RANGE_DAYS_MAX - 1);
  if (last !== null && calendarDateCompare(range.endDate, last) > 0) {
    return {
      ok: false,
      message: `A report covers at most ${REPORT_RANGE_DAYS_MAX} days: narrow startDate … endDate`,
    };
  }
  return { ok: true, range };
}

/** docs/decisions.md#silent-rules: Balance = credit rows, Settlement = market results, ProfitLoss = casino and matka. */
export function statementKind(type: StatementType): LedgerKind | null {
  switch (type) {
    case 'All':
      return null;
    case 'Balance':
      return 'credit';
    case 'Settlement':
      return 'settlement';
    case 'ProfitLoss':
      return 'profit_loss';
    default:
      return assertNever(type, 'statement type');
  }
}

export interface DatedQuery {
  readonly startDate?: string | undefined;
  readonly endDate?: string | undefined;
  /** A sport id, or null for every sport. */
  readonly sportId: number | null;
  readonly skip: number;
  readonly take: number;
}

export interface Statement {
  readonly openPaise: bigint;
  readonly closePaise: bigint;
  readonly total: number;
  readonly rows: readonly ledger.StatementRow[];
}

export interface Counted<Row> {
  readonly total: number;
  readonly rows: readonly Row[];
}

export interface ReportsServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** REPORT_TZ: report days are calendar days of this zone (docs/decisions.md#api). */
  readonly reportTz: string;
}

/** The report calls of docs/product.md#calls, each read from the ledger and the bets (never a cached summary). */
export function createReportsService(deps: ReportsServiceDeps) {
  const { db, clock, reportTz } = deps;

  function window(report: DatedReport, query: DatedQuery): q.DayWindow {
    const resolved = reportRange(report, query, calendarDayIn(reportTz, clock.now()));
    if (!resolved.ok) throw badRequest(resolved.message);
    return { ...resolved.range, timeZone: reportTz };
  }

  /** A page and its totals from one snapshot, so SqlCount, balances and rows agree. */
  function snapshot<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(work);
  }

  async function accountOf(clientId: string): Promise<string> {
    const account = await clientAccountId(db, clientId);
    if (account === undefined) throw new Error(`client ${clientId} has no account`);
    return account;
  }

  return {
    /** The client's ledger rows of the range, oldest first, with the open and close balances. */
    async statement(
      clientId: string,
      query: DatedQuery & { readonly type: StatementType },
    ): Promise<Statement> {
      const filter: ledger.StatementFilter = {
        accountId: await accountOf(clientId),
        kind: statementKind(query.type),
        sportId: query.sportId,
        window: window('statement', query),
      };
      return snapshot(async (tx) => {
        const totals = await ledger.statementTotals(tx, filter);
        const rows = await ledger.statementPage(tx, filter, query);
        return {
          openPaise: totals.openPaise,
          closePaise: totals.closePaise,
          total: totals.rows,
          rows,
        };
      });
    },

    /** The client's settlement results per event, latest first (docs/decisions.md#silent-rules). */
    async profitLoss(clientId: string, query: DatedQuery): Promise<Counted<ledger.ProfitLossRow>> {
      const filter: ledger.ProfitLossFilter = {
        clientId,
        accountId: await accountOf(clientId),
        sportId: query.sportId,
        window: window('profit-loss', query),
      };
      return snapshot(async (tx) => ({
        total: await ledger.profitLossCount(tx, filter),
        rows: await ledger.profitLossPage(tx, filter, query),
      }));
    },

    /** The client's bets placed in the range, newest first. */
    async betHistory(
      clientId: string,
      query: DatedQuery & {
        readonly markets: q.BetHistoryFilter['markets'];
        readonly status: q.BetHistoryFilter['status'];
      },
    ): Promise<Counted<q.BetHistoryRow>> {
      const filter: q.BetHistoryFilter = {
        clientId,
        sportId: query.sportId,
        markets: query.markets,
        status: query.status,
        window: window('bet-history', query),
      };
      return snapshot(async (tx) => ({
        total: await q.betHistoryCount(tx, filter),
        rows: await q.betHistoryPage(tx, filter, query),
      }));
    },

    /** The client's result on each settled market and session of an event. */
    async matchBets(clientId: string, eventId: string): Promise<ledger.MatchBetRow[]> {
      return ledger.matchBets(db, clientId, await accountOf(clientId), eventId);
    },

    async marketBets(clientId: string, marketId: string): Promise<q.BetHistoryRow[]> {
      return q.marketBets(db, clientId, marketId);
    },

    async fancyBets(
      clientId: string,
      eventId: string,
      selectionId: string,
    ): Promise<q.BetHistoryRow[]> {
      return q.fancyBets(db, clientId, eventId, selectionId);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
