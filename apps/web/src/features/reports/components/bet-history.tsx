import { paging } from '@backlay/domain';
import { useState } from 'react';
import { useStoredLogin } from '../../../lib/session';
import { DateRangeFields, FilterForm, SelectField } from '../../../ui/filter-form';
import { Pagination } from '../../../ui/pagination';
import { useBetHistory } from '../api/get-bet-history';
import { useReportFilters } from '../hooks/use-report-filters';
import {
  BET_STATUS_OPTIONS,
  betHistoryFilters,
  MARKET_TYPE_OPTIONS,
  skipRecOf,
  sportOptions,
  type BetHistoryFilters,
  type BetStatusChoice,
  type ReportMarketType,
  type ReportSportsId,
  type SportName,
} from '../report-filters';
import { BetsTable } from './bets-table';
import { ReportStatus } from './report-status';

/**
 * `/bethistory` (docs/product.md#screens, #entities): the bets placed in the range (today by default), newest first,
 * with Sport, Market Type and Status filters (docs/decisions.md#silent-rules: Match is every market but fancy, Settled
 * every finished bet) and 10 rows a page.
 */
export function BetHistoryReport({
  sports,
  reportTimeZone,
}: {
  sports: readonly SportName[];
  /** The server's REPORT_TZ (site configuration): the default range is its today. */
  reportTimeZone: string | undefined;
}) {
  const login = useStoredLogin();
  const { filters, apply } = useReportFilters(betHistoryFilters, reportTimeZone);
  const report = useBetHistory({
    userId: String(login?.uid ?? 0),
    sportsId: filters.sportsId,
    skipRec: skipRecOf(filters.page),
    psize: '10',
    marketType: filters.marketType,
    ...(filters.betStatus === 'all' ? {} : { betStatus: filters.betStatus }),
    startDate: filters.startDate,
    endDate: filters.endDate,
  });
  const pages = paging(filters.page, report.data?.count ?? 0);
  return (
    <>
      <BetHistoryFilterForm
        key={JSON.stringify(filters)}
        filters={filters}
        sports={sports}
        onApply={(next) => apply({ ...next, page: 1 })}
      />
      <ReportStatus isPending={report.isPending} error={report.error}>
        <BetsTable label="Bet history" bets={report.data?.Result ?? []} />
        <Pagination
          label="Bet history pages"
          paging={pages}
          onPage={(page) => apply({ ...filters, page })}
        />
      </ReportStatus>
    </>
  );
}

function BetHistoryFilterForm({
  filters,
  sports,
  onApply,
}: {
  filters: BetHistoryFilters;
  sports: readonly SportName[];
  onApply: (filters: BetHistoryFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  return (
    <FilterForm label="Bet history filters" onSubmit={() => onApply(draft)}>
      <DateRangeFields
        startDate={draft.startDate}
        endDate={draft.endDate}
        onChange={(range) => setDraft((current) => ({ ...current, ...range }))}
      />
      <SelectField<ReportSportsId>
        label="Sport"
        value={draft.sportsId}
        options={sportOptions(sports)}
        onChange={(sportsId) => setDraft((current) => ({ ...current, sportsId }))}
      />
      <SelectField<ReportMarketType>
        label="Market Type"
        value={draft.marketType}
        options={MARKET_TYPE_OPTIONS}
        onChange={(marketType) => setDraft((current) => ({ ...current, marketType }))}
      />
      <SelectField<BetStatusChoice>
        label="Status"
        value={draft.betStatus}
        options={BET_STATUS_OPTIONS}
        onChange={(betStatus) => setDraft((current) => ({ ...current, betStatus }))}
      />
    </FilterForm>
  );
}
