/** General → specific, so invalidation can target any level (docs/conventions.md#query-keys). */
export const matkaKeys = {
  all: ['matka'] as const,
  games: () => [...matkaKeys.all, 'games'] as const,
  myBetsAll: () => [...matkaKeys.all, 'my-bets'] as const,
  myBets: (mid: string) => [...matkaKeys.myBetsAll(), mid] as const,
  results: () => [...matkaKeys.all, 'results'] as const,
  /** What the hub said of each market (MatkaChanged), written by the pushes only. */
  live: () => [...matkaKeys.all, 'live'] as const,
  profitLosses: () => [...matkaKeys.all, 'profit-loss'] as const,
  profitLoss: (query: object) => [...matkaKeys.profitLosses(), query] as const,
};
