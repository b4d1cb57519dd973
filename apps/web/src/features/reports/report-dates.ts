import {
  calendarDateParse,
  reportDefaultRange,
  type CalendarDate,
  type DatedReport,
  type DateRange,
} from '@backlay/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The zone report days are read in until the site's configuration names the server's REPORT_TZ:
 * that setting's default, so a first paint before the configuration arrives is usually right.
 */
export const DEFAULT_REPORT_TZ = 'Asia/Kolkata';

/**
 * Today's calendar day in `timeZone` (the server's REPORT_TZ) at the instant `now`, whatever the
 * browser's own zone: the server reads report days in that zone, so the default range must too.
 */
export function reportToday(now: dayjs.ConfigType, timeZone: string): CalendarDate {
  const today = calendarDateParse(dayjs(now).tz(timeZone).format('YYYY-MM-DD'));
  if (today === null) throw new Error('no calendar day for now');
  return today;
}

/**
 * The date range of a report read from the URL (`startDate`, `endDate`), each end that is not a
 * real `YYYY-MM-DD` day taking the report's default (docs/product.md#constants: the last 7 days, today only for
 * bet history) — the domain's rule, with today in REPORT_TZ.
 */
export function reportRange(
  report: DatedReport,
  search: URLSearchParams,
  today: CalendarDate,
): DateRange {
  const defaults = reportDefaultRange(report, today);
  return {
    startDate: calendarDateParse(search.get('startDate') ?? '') ?? defaults.startDate,
    endDate: calendarDateParse(search.get('endDate') ?? '') ?? defaults.endDate,
  };
}
