import { assertNever } from './assert-never.js';

/**
 * A calendar day as `YYYY-MM-DD` (docs/product.md#calls report dates), year 0001–9999, a real day of the
 * proleptic Gregorian calendar. The caller decides which day is "today" (docs/decisions.md#api: in
 * `REPORT_TZ`); nothing here reads a clock.
 */
export type CalendarDate = string & { readonly __brand: 'CalendarDate' };

/** The reports with a date filter (docs/product.md#screens). */
export type DatedReport = 'statement' | 'profit-loss' | 'bet-history';

/** A report's date filter: both ends included. */
export interface DateRange {
  readonly startDate: CalendarDate;
  readonly endDate: CalendarDate;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil), integers only. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The civil date of a day count since 1970-01-01 (H. Hinnant's civil_from_days). */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

function format(year: number, month: number, day: number): CalendarDate {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` as CalendarDate;
}

function parts(date: CalendarDate): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/** Reads a `YYYY-MM-DD` day (exactly that shape, a real day, year ≥ 0001); null otherwise. */
export function calendarDateParse(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return text as CalendarDate;
}

/**
 * The day `days` calendar days after `date` (before, when negative): pure calendar arithmetic.
 * Null when the result leaves years 0001–9999.
 */
export function calendarDateAddDays(date: CalendarDate, days: number): CalendarDate | null {
  const [year, month, day] = civilFromDays(daysFromCivil(...parts(date)) + Math.trunc(days));
  if (year < 1 || year > 9999) return null;
  return format(year, month, day);
}

/** Orders two days: negative when `a` is earlier, 0 when equal, positive when later. */
export function calendarDateCompare(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Days a report's default range covers, today included (docs/product.md#constants). */
export function reportDefaultDays(report: DatedReport): number {
  switch (report) {
    case 'statement':
    case 'profit-loss':
      return 7;
    case 'bet-history':
      return 1;
    default:
      return assertNever(report, 'report');
  }
}

/**
 * A report's default date range (docs/product.md#constants), both ends included: the last 7 calendar days for the
 * account statement and profit/loss (today and the six days before it: 2024-03-07 →
 * 2024-03-01 … 2024-03-07), today only for bet history. If the start would fall before year
 * 0001 it is clamped to 0001-01-01.
 */
export function reportDefaultRange(report: DatedReport, today: CalendarDate): DateRange {
  const startDate =
    calendarDateAddDays(today, 1 - reportDefaultDays(report)) ?? ('0001-01-01' as CalendarDate);
  return { startDate, endDate: today };
}
