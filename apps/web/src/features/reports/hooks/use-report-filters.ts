import type { CalendarDate } from '@backlay/domain';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_REPORT_TZ, reportToday } from '../report-dates';
import { filtersSearch } from '../report-filters';

/**
 * A report's filters read from the URL and written back to it. "Today" is the day in
 * `reportTimeZone` (the server's REPORT_TZ, from the site's configuration; its default until that
 * arrives) at the instant the screen opened, so the default range does not move under a reader
 * past midnight.
 */
export function useReportFilters<F extends { readonly page: number }>(
  parse: (search: URLSearchParams, today: CalendarDate) => F,
  reportTimeZone: string | undefined,
) {
  const [search, setSearch] = useSearchParams();
  const [openedAt] = useState(() => new Date());
  const timeZone = reportTimeZone ?? DEFAULT_REPORT_TZ;
  const today = useMemo(() => reportToday(openedAt, timeZone), [openedAt, timeZone]);
  const filters = useMemo(() => parse(search, today), [parse, search, today]);
  const apply = useCallback((next: F) => setSearch(filtersSearch(next)), [setSearch]);
  return { filters, apply };
}
