import type { CalendarDate } from '@backlay/domain';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { reportToday } from '../report-dates';
import { filtersSearch } from '../report-filters';

/**
 * A report's filters read from the URL and written back to it. "Today" (Kolkata) is fixed when
 * the screen opens, so the default range does not move under a reader past midnight.
 */
export function useReportFilters<F extends { readonly page: number }>(
  parse: (search: URLSearchParams, today: CalendarDate) => F,
) {
  const [search, setSearch] = useSearchParams();
  const [today] = useState(reportToday);
  const filters = useMemo(() => parse(search, today), [parse, search, today]);
  const apply = useCallback((next: F) => setSearch(filtersSearch(next)), [setSearch]);
  return { filters, apply };
}
