import { calendarDateParse, reportDefaultRange, type CalendarDate } from '@backlay/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MatkaProfitLossFilters } from '../components/profit-loss';

dayjs.extend(utc);
dayjs.extend(timezone);

/** REPORT_TZ's default, the zone until the site's configuration names the server's own. */
const DEFAULT_REPORT_TZ = 'Asia/Kolkata';

/** The calendar day in `timeZone` (the server's REPORT_TZ) at `now`, whatever the browser's zone. */
export function matkaReportToday(now: Date, timeZone: string): CalendarDate {
  const today = calendarDateParse(dayjs(now).tz(timeZone).format('YYYY-MM-DD'));
  if (today === null) throw new Error('no calendar day for now');
  return today;
}

/** The filters from the URL: a bad or missing day takes the profit-and-loss default (docs/product.md#constants). */
export function matkaProfitLossFilters(
  search: URLSearchParams,
  today: CalendarDate,
): MatkaProfitLossFilters {
  const defaults = reportDefaultRange('profit-loss', today);
  const page = Number(search.get('page'));
  return {
    startDate: calendarDateParse(search.get('startDate') ?? '') ?? defaults.startDate,
    endDate: calendarDateParse(search.get('endDate') ?? '') ?? defaults.endDate,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The matka profit-and-loss filters read from the URL and written back to it; "today" is the day
 * in `reportTimeZone` (the server's REPORT_TZ) when the screen opened.
 */
export function useMatkaProfitLossFilters(reportTimeZone: string | undefined) {
  const [search, setSearch] = useSearchParams();
  const [openedAt] = useState(() => new Date());
  const timeZone = reportTimeZone ?? DEFAULT_REPORT_TZ;
  const today = useMemo(() => matkaReportToday(openedAt, timeZone), [openedAt, timeZone]);
  const filters = useMemo(() => matkaProfitLossFilters(search, today), [search, today]);
  const apply = useCallback(
    (next: MatkaProfitLossFilters) => {
      const params = new URLSearchParams({ startDate: next.startDate, endDate: next.endDate });
      if (next.page > 1) params.set('page', String(next.page));
      setSearch(params);
    },
    [setSearch],
  );
  return { filters, apply };
}
