import {
  calendarDateParse,
  paging,
  reportDefaultRange,
  type CalendarDate,
  type DatedReport,
} from '@backlay/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useId, useState, type FormEvent, type Key, type ReactNode } from 'react';
import { marketTypeLabel } from '../../../../lib/market-type-label';
import { Pagination } from '../../../../ui/pagination';
import { PleaseWait } from '../../../../ui/please-wait';
import styles from './report-parts.module.css';
import shared from '../../components/backoffice.module.css';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * What the agents' report screens share (docs/agents.md#reads): the days filter in report days,
 * the pager, a table whose first column stays in view on a phone, and the loading and refusal
 * states. Money is written by ../../format.ts only.
 */

/** Rows a page of every console report. */
export const CONSOLE_PAGE_SIZE = 25;

/**
 * The zone of report days: the server's REPORT_TZ (docs/decisions.md#api), India's by default,
 * which the back office takes as it is.
 */
export const REPORT_ZONE = 'Asia/Kolkata';
const REPORT_ZONE_NAMES: readonly string[] = [REPORT_ZONE, 'Asia/Calcutta'];

/** A report's days as the wire takes them: `YYYY-MM-DD`, both ends included. */
export interface Days {
  readonly from: string;
  readonly to: string;
}

/** A report's default days (the last week) with today in IST at the instant `now`. */
export function defaultDays(report: DatedReport, now: Date): Days {
  const today = calendarDateParse(dayjs(now).tz(REPORT_ZONE).format('YYYY-MM-DD'));
  const range = reportDefaultRange(report, today ?? ('1970-01-01' as CalendarDate));
  return { from: range.startDate, to: range.endDate };
}

/** True when the browser's own zone is not the report days' (then the form says "IST"). */
export function differsFromReportZone(
  browserZone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone,
): boolean {
  return browserZone === undefined || !REPORT_ZONE_NAMES.includes(browserZone);
}

/** The days of a report held while the screen is open, its default taken when it opened. */
export function useDays(report: DatedReport) {
  return useState<Days>(() => defaultDays(report, new Date()));
}

/**
 * From and To days of a report and a Show button; each day bounds the other, so a reversed range
 * cannot be sent. Says "IST" when the browser's zone is another.
 */
export function DaysForm({
  label,
  days,
  onApply,
  children,
}: {
  label: string;
  days: Days;
  onApply: (days: Days) => void;
  /** Fields of the caller's before the days, applied by the caller in `onApply`. */
  children?: ReactNode;
}) {
  const ids = { from: useId(), to: useId() };
  const [draft, setDraft] = useState(days);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form aria-label={label} className={styles.form} onSubmit={submit}>
      {children}
      <div className={styles.field}>
        <label htmlFor={ids.from}>From</label>
        <input
          id={ids.from}
          type="date"
          required
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.to}>To</label>
        <input
          id={ids.to}
          type="date"
          required
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </div>
      {differsFromReportZone() && <p className={styles.zone}>Days in IST</p>}
      <button type="submit" className={styles.button}>
        Show
      </button>
    </form>
  );
}

/**
 * A read's first load, its failure (the server's words: a 404 "No user named …", a refusal) or,
 * once it has answered, the screen.
 */
export function LoadState({
  isPending,
  error,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  children: ReactNode;
}) {
  if (isPending) return <PleaseWait />;
  if (error)
    return (
      <p className={shared.error} role="alert">
        {error.message}
      </p>
    );
  return children;
}

/** The pages of a report of `total` rows, when there is more than one. */
export function Pager({
  label,
  page,
  total,
  onPage,
}: {
  label: string;
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = paging(page, total, CONSOLE_PAGE_SIZE);
  if (pages.pageCount <= 1) return null;
  return (
    <div className={styles.pager}>
      <Pagination label={label} paging={pages} onPage={onPage} />
    </div>
  );
}

/** The page window of the wire for a 1-based page. */
export const pageQuery = (page: number) => ({
  skip: String((page - 1) * CONSOLE_PAGE_SIZE),
  take: String(CONSOLE_PAGE_SIZE),
});

export interface Column<T> {
  readonly label: string;
  readonly cell: (row: T) => ReactNode;
  /** Money and figures: right-aligned, tabular digits. */
  readonly isNumeric?: boolean;
}

/**
 * A report table in a box of its own that scrolls sideways (a named, focusable region, so a
 * keyboard scrolls it too), its first column held in view; no rows shows `empty` instead.
 */
export function ReportTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
}: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  empty: string;
}) {
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.isNumeric ? styles.numeric : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column, at) =>
                at === 0 ? (
                  <th key={column.label} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label} className={column.isNumeric ? styles.numeric : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A market's kind as the console names it: the app's names, and matka and casino rows. */
export function marketKind(marketType: string): string {
  if (marketType === 'MATKA') return 'Matka';
  if (marketType === 'CASINO') return 'Casino';
  return marketTypeLabel(marketType);
}
