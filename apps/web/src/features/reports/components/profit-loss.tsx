import type { ProfitLossEntry } from '@backlay/contract/reports';
import { paging } from '@backlay/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useStoredLogin } from '../../../lib/session';
import { DataTable, SignedMoney, type Column } from '../../../ui/data-table';
import { DateRangeFields, FilterForm, SelectField } from '../../../ui/filter-form';
import { Pagination } from '../../../ui/pagination';
import { useProfitLoss } from '../api/get-profit-loss';
import { useReportFilters } from '../hooks/use-report-filters';
import {
  profitLossFilters,
  skipRecOf,
  sportOptions,
  type ProfitLossFilters,
  type ReportSportsId,
  type SportName,
} from '../report-filters';
import type { ReportLink } from '../report-link';
import { ReportStatus } from './report-status';

function columns(eventLink: (row: ProfitLossEntry) => ReportLink): Column<ProfitLossEntry>[] {
  return [
    {
      label: 'Date',
      cell: (row) => <time dateTime={row.createdOn}>{formatDateTime(row.createdOn)}</time>,
    },
    {
      label: 'Event',
      isWide: true,
      cell: (row) => {
        const link = eventLink(row);
        return (
          <Link to={link.to} state={link.state}>
            {row.Discription}
          </Link>
        );
      },
    },
    { label: 'Profit/Loss', isNumeric: true, cell: (row) => <SignedMoney value={row.Amount} /> },
    { label: 'Commission', isNumeric: true, cell: (row) => formatMoney(row.Commission) },
  ];
}

/**
 * `/profit-loss` (docs/product.md#screens, #entities): the client's result per event (docs/decisions.md#silent-rules), newest first, with a
 * Sport filter and 10 rows a page; each event opens its per-market results (`eventLink`).
 */
export function ProfitLossReport({
  sports,
  eventLink,
  reportTimeZone,
}: {
  sports: readonly SportName[];
  eventLink: (row: ProfitLossEntry) => ReportLink;
  /** The server's REPORT_TZ (site configuration): the default range is its last 7 days. */
  reportTimeZone: string | undefined;
}) {
  const login = useStoredLogin();
  const { filters, apply } = useReportFilters(profitLossFilters, reportTimeZone);
  const report = useProfitLoss({
    userId: String(login?.uid ?? 0),
    skipRec: skipRecOf(filters.page),
    psize: '10',
    startDate: filters.startDate,
    endDate: filters.endDate,
    sportsId: filters.sportsId,
  });
  const rows = report.data?.Result ?? [];
  const pages = paging(filters.page, report.data?.count ?? 0);
  return (
    <>
      <ProfitLossFilterForm
        key={JSON.stringify(filters)}
        filters={filters}
        sports={sports}
        onApply={(next) => apply({ ...next, page: 1 })}
      />
      <ReportStatus isPending={report.isPending} error={report.error}>
        <DataTable
          label="Profit and loss"
          columns={columns(eventLink)}
          rows={rows}
          rowKey={(row) => row.EventId}
        />
        <Pagination
          label="Profit and loss pages"
          paging={pages}
          onPage={(page) => apply({ ...filters, page })}
        />
      </ReportStatus>
    </>
  );
}

function ProfitLossFilterForm({
  filters,
  sports,
  onApply,
}: {
  filters: ProfitLossFilters;
  sports: readonly SportName[];
  onApply: (filters: ProfitLossFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  return (
    <FilterForm label="Profit and loss filters" onSubmit={() => onApply(draft)}>
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
    </FilterForm>
  );
}
