import type { getBetHistory, getProfitLoss, StatementType } from '@backlay/contract/reports';
import { STATEMENT_TYPES } from '@backlay/contract/reports/client';
import { betStatusLabel, REPORT_PAGE_SIZE, type CalendarDate } from '@backlay/domain';
import type { z } from 'zod';
import type { SelectOption } from '../../ui/filter-form';
import { reportRange } from './report-dates';

/** docs/product.md#purpose sport ids, `0` = every sport (docs/decisions.md#api). */
export type ReportSportsId = NonNullable<z.input<typeof getProfitLoss.query>['sportsId']>;
/** docs/decisions.md#silent-rules: MATCH_ODDS is every market but fancy; `0` every market. */
export type ReportMarketType = NonNullable<z.input<typeof getBetHistory.query>['marketType']>;
/** The Status select: every bet, or the wire's Pending / Settled (Settled and Lost). */
export type BetStatusChoice = 'all' | NonNullable<z.input<typeof getBetHistory.query>['betStatus']>;

const SPORTS_IDS: readonly ReportSportsId[] = ['0', '1', '2', '4'];
const MARKET_TYPES: readonly ReportMarketType[] = ['0', 'MATCH_ODDS', 'FANCY'];
const BET_STATUSES: readonly BetStatusChoice[] = ['all', 'Pending', 'Settled'];

/** A sport as the app names it (docs/product.md#purpose), for the Sport select. */
export interface SportName {
  readonly id: number;
  readonly name: string;
}

export const STATEMENT_TYPE_OPTIONS: readonly SelectOption<StatementType>[] = [
  { value: 'All', label: 'All' },
  { value: 'Balance', label: 'Balance' },
  { value: 'Settlement', label: 'Settlement' },
  { value: 'ProfitLoss', label: 'Profit Loss' },
];

export const MARKET_TYPE_OPTIONS: readonly SelectOption<ReportMarketType>[] = [
  { value: '0', label: 'All' },
  { value: 'MATCH_ODDS', label: 'Match' },
  { value: 'FANCY', label: 'Fancy' },
];

/** docs/product.md#states: Pending shows as Active. */
export const BET_STATUS_OPTIONS: readonly SelectOption<BetStatusChoice>[] = [
  { value: 'all', label: 'All' },
  { value: 'Pending', label: betStatusLabel('Pending') },
  { value: 'Settled', label: betStatusLabel('Settled') },
];

/** The Sport select: All, then the app's sports whose ids the reports take. */
export function sportOptions(sports: readonly SportName[]): SelectOption<ReportSportsId>[] {
  return [
    { value: '0', label: 'All' },
    ...sports.flatMap((sport) => {
      const id = oneOf(SPORTS_IDS, String(sport.id));
      return id && id !== '0' ? [{ value: id, label: sport.name }] : [];
    }),
  ];
}

function oneOf<V extends string>(values: readonly V[], text: string | null): V | undefined {
  return values.find((value) => value === text);
}

/** A 1-based page from the URL; anything else is page 1. */
function pageOf(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** Rows to skip for a page (docs/product.md#calls `skipRec`): (page − 1) × 10. */
export function skipRecOf(page: number): string {
  return String((page - 1) * REPORT_PAGE_SIZE);
}

/**
 * The date filter as the URL and the form hold it, `YYYY-MM-DD` both ends; read from the URL it is
 * always a real day (a bad one takes the default).
 */
export interface DateFilter {
  readonly startDate: string;
  readonly endDate: string;
}

export interface StatementFilters extends DateFilter {
  readonly type: StatementType;
  readonly page: number;
}

export interface ProfitLossFilters extends DateFilter {
  readonly sportsId: ReportSportsId;
  readonly page: number;
}

export interface BetHistoryFilters extends DateFilter {
  readonly sportsId: ReportSportsId;
  readonly marketType: ReportMarketType;
  readonly betStatus: BetStatusChoice;
  readonly page: number;
}

/**
 * The filters live in the URL (`?startDate=&endDate=&type=&page=`), so a report opens from its
 * address alone, and Back returns to the previous page of it (docs/decisions.md#silent-rules).
 */
export function statementFilters(search: URLSearchParams, today: CalendarDate): StatementFilters {
  return {
    ...reportRange('statement', search, today),
    type: oneOf(STATEMENT_TYPES, search.get('type')) ?? 'All',
    page: pageOf(search),
  };
}

export function profitLossFilters(search: URLSearchParams, today: CalendarDate): ProfitLossFilters {
  return {
    ...reportRange('profit-loss', search, today),
    sportsId: oneOf(SPORTS_IDS, search.get('sportsId')) ?? '0',
    page: pageOf(search),
  };
}

export function betHistoryFilters(search: URLSearchParams, today: CalendarDate): BetHistoryFilters {
  return {
    ...reportRange('bet-history', search, today),
    sportsId: oneOf(SPORTS_IDS, search.get('sportsId')) ?? '0',
    marketType: oneOf(MARKET_TYPES, search.get('marketType')) ?? '0',
    betStatus: oneOf(BET_STATUSES, search.get('betStatus')) ?? 'all',
    page: pageOf(search),
  };
}

/** The URL search of a report's filters: every filter, and the page when past the first. */
export function filtersSearch(filters: { readonly page: number }): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'page') continue;
    if (typeof value === 'string') search.set(key, value);
  }
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}
