import type { MatkaProfitLossEntry } from '@backlay/contract/matka';
import { paging, REPORT_PAGE_SIZE } from '@backlay/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { DataTable, SignedMoney, type Column } from '../../../ui/data-table';
import { DateRangeFields, FilterForm } from '../../../ui/filter-form';
import { Pagination } from '../../../ui/pagination';
import { PleaseWait } from '../../../ui/please-wait';
import { useMatkaProfitLoss } from '../api/get-profit-loss';
import styles from './matka.module.css';

/** The filters as the URL holds them (`?startDate=&endDate=&page=`). */
export interface MatkaProfitLossFilters {
  readonly startDate: string;
  readonly endDate: string;
  readonly page: number;
}

/** Where a market's row leads: its bets, with router state. */
export type BetsLink = (row: MatkaProfitLossEntry) => { to: string; state: unknown };

function columns(betsLink: BetsLink): Column<MatkaProfitLossEntry>[] {
  return [
    {
      label: 'Date',
      cell: (row) => <time dateTime={row.createdOn}>{formatDateTime(row.createdOn)}</time>,
    },
    {
      label: 'Game',
      isWide: true,
      cell: (row) => {
        const link = betsLink(row);
        return (
          <Link to={link.to} state={link.state}>
            {row.MarketName}
          </Link>
        );
      },
    },
    { label: 'Result', cell: (row) => <strong className={styles.betNo}>{row.Result}</strong> },
    { label: 'Profit/Loss', isNumeric: true, cell: (row) => <SignedMoney value={row.Amount} /> },
  ];
}

/**
 * `/matka-profit-loss` Bet Profit Loss (docs/product.md#screens): the client's result per market, with date
 * filters and 10 rows a page; a market opens its bets (`betsLink`). The screen owns the filters.
 */
export function MatkaProfitLossReport({
  filters,
  onApply,
  betsLink,
}: {
  filters: MatkaProfitLossFilters;
  onApply: (filters: MatkaProfitLossFilters) => void;
  betsLink: BetsLink;
}) {
  const report = useMatkaProfitLoss({
    skipRec: String((filters.page - 1) * REPORT_PAGE_SIZE),
    psize: String(REPORT_PAGE_SIZE),
    startDate: filters.startDate,
    endDate: filters.endDate,
    sportsId: '6',
  });
  const rows = report.data?.Result ?? [];
  const pages = paging(filters.page, report.data?.count ?? 0);
  return (
    <>
      <MatkaProfitLossFilterForm
        key={JSON.stringify(filters)}
        filters={filters}
        onApply={(next) => onApply({ ...next, page: 1 })}
      />
      {report.isPending ? (
        <PleaseWait />
      ) : report.error ? (
        <p role="alert" className={styles.error}>
          {report.error.message}
        </p>
      ) : (
        <>
          <DataTable
            label="Matka profit and loss"
            columns={columns(betsLink)}
            rows={rows}
            rowKey={(row) => row.MarketId}
          />
          <Pagination
            label="Matka profit and loss pages"
            paging={pages}
            onPage={(page) => onApply({ ...filters, page })}
          />
        </>
      )}
    </>
  );
}

function MatkaProfitLossFilterForm({
  filters,
  onApply,
}: {
  filters: MatkaProfitLossFilters;
  onApply: (filters: MatkaProfitLossFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  return (
    <FilterForm label="Matka profit and loss filters" onSubmit={() => onApply(draft)}>
      <DateRangeFields
        startDate={draft.startDate}
        endDate={draft.endDate}
        onChange={(range) => setDraft((current) => ({ ...current, ...range }))}
      />
    </FilterForm>
  );
}
