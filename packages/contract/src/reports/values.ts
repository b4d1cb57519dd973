/** docs/decisions.md#silent-rules statement types: Balance = credit given or taken, Settlement = market results, ProfitLoss = casino and matka. */
export const STATEMENT_TYPES = ['All', 'Balance', 'Settlement', 'ProfitLoss'] as const;

/** Longest report range, both ends included (a leap year). */
export const REPORT_RANGE_DAYS_MAX = 366;
