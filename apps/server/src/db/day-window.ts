import { sql, type RawBuilder } from 'kysely';

/*
 * The report days of every report's SQL (docs/architecture.md, "Reports"): the wallet's ledger
 * reads and the reports' bet reads select the same days the same way.
 */

/** Calendar days `startDate` … `endDate` (both included) of the time zone `timeZone`. */
export interface DayWindow {
  readonly startDate: string;
  readonly endDate: string;
  readonly timeZone: string;
}

/** The first instant of `startDate` in the window's zone (PostgreSQL applies the zone's rules). */
export function windowStart(window: DayWindow): RawBuilder<Date> {
  return sql<Date>`((${window.startDate}::date)::timestamp at time zone ${window.timeZone})`;
}

/** The first instant after `endDate` in the window's zone. */
export function windowEnd(window: DayWindow): RawBuilder<Date> {
  return sql<Date>`((${window.endDate}::date + 1)::timestamp at time zone ${window.timeZone})`;
}

export interface PageWindow {
  readonly skip: number;
  readonly take: number;
}
