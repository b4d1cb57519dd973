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

/** DESIGN §4: report days are calendar days in Asia/Kolkata (the server's default REPORT_TZ). */
export const REPORT_TZ = 'Asia/Kolkata';

/** Today's calendar day in Kolkata, whatever the browser's own zone. */
export function reportToday(now: dayjs.ConfigType = undefined): CalendarDate {
  const today = calendarDateParse(dayjs(now).tz(REPORT_TZ).format('YYYY-MM-DD'));
  if (today === null) throw new Error('no calendar day for now');
  return today;
}

/**
 * The date range of a report read from the URL (`startDate`, `endDate`), each end that is not a
 * real `YYYY-MM-DD` day taking the report's default (SPEC §9: the last 7 days, today only for
 * bet history) — the domain's rule, with today in Kolkata.
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
