import type { StatementEntry, StatementType } from '@backlay/contract/reports';
import { paging } from '@backlay/domain';
import { useState } from 'react';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useStoredLogin } from '../../../lib/session';
import { DataTable, SignedMoney, type Column } from '../../../ui/data-table';
import { DateRangeFields, FilterForm, SelectField } from '../../../ui/filter-form';
import { Pagination } from '../../../ui/pagination';
import { useAccountStatement } from '../api/get-account-statement';
import { useReportFilters } from '../hooks/use-report-filters';
import {
  skipRecOf,
  STATEMENT_TYPE_OPTIONS,
  statementFilters,
  type StatementFilters,
} from '../report-filters';
import { ReportStatus } from './report-status';
import styles from './reports.module.css';

const COLUMNS: readonly Column<StatementEntry>[] = [
  {
    label: 'Date',
    cell: (row) => <time dateTime={row.createdOn}>{formatDateTime(row.createdOn)}</time>,
  },
  { label: 'Description', cell: (row) => row.Discription },
  { label: 'Amount', isNumeric: true, cell: (row) => <SignedMoney value={row.Amount} /> },
  { label: 'Balance', isNumeric: true, cell: (row) => formatMoney(row.Balance) },
  { label: 'Remark', isWide: true, cell: (row) => row.Remark },
];

/**
 * `/ac_statement` (docs/product.md#screens, #entities): the ledger rows of the range, oldest first, with the running
 * balance, the open and close balances, a Type filter (docs/decisions.md#silent-rules) and 10 rows a page; the total
 * is `SqlCount` on the first row.
 */
export function AccountStatement({
  reportTimeZone,
}: {
  /** The server's REPORT_TZ (site configuration): the default range is its last 7 days. */
  reportTimeZone: string | undefined;
}) {
  const login = useStoredLogin();
  const { filters, apply } = useReportFilters(statementFilters, reportTimeZone);
  const statement = useAccountStatement({
    uid: String(login?.uid ?? 0),
    skipRec: skipRecOf(filters.page),
    type: filters.type,
    psize: '10',
    startDate: filters.startDate,
    endDate: filters.endDate,
    sportsId: '0',
  });
  const answer = statement.data;
  const rows = answer?.Result ?? [];
  const pages = paging(filters.page, rows[0]?.SqlCount ?? 0);
  return (
    <>
      <StatementFilterForm
        key={JSON.stringify(filters)}
        filters={filters}
        onApply={(next) => apply({ ...next, page: 1 })}
      />
      <ReportStatus isPending={statement.isPending} error={statement.error}>
        {answer && (
          <dl className={styles.balances}>
            <div className={styles.balance}>
              <dt>Open Balance</dt>
              <dd data-testid="open-balance">{formatMoney(answer.OpenBalance)}</dd>
            </div>
            <div className={styles.balance}>
              <dt>Close Balance</dt>
              <dd data-testid="close-balance">{formatMoney(answer.CloseBalance)}</dd>
            </div>
          </dl>
        )}
        <DataTable
          label="Account statement"
          columns={COLUMNS}
          rows={rows}
          rowKey={(row, index) => `${row.createdOn}-${index}`}
        />
        <Pagination
          label="Account statement pages"
          paging={pages}
          onPage={(page) => apply({ ...filters, page })}
        />
      </ReportStatus>
    </>
  );
}

function StatementFilterForm({
  filters,
  onApply,
}: {
  filters: StatementFilters;
  onApply: (filters: StatementFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  return (
    <FilterForm label="Account statement filters" onSubmit={() => onApply(draft)}>
      <DateRangeFields
        startDate={draft.startDate}
        endDate={draft.endDate}
        onChange={(range) => setDraft((current) => ({ ...current, ...range }))}
      />
      <SelectField<StatementType>
        label="Type"
        value={draft.type}
        options={STATEMENT_TYPE_OPTIONS}
        onChange={(type) => setDraft((current) => ({ ...current, type }))}
      />
    </FilterForm>
  );
}
