import type { To } from 'react-router';

/** Where a report row leads, built by the app (features know no route): a target and its state. */
export interface ReportLink {
  readonly to: To;
  readonly state?: unknown;
}
