/** General → specific, so invalidation can target any level (docs/conventions.md#query-keys). */
export const reportKeys = {
  all: ['reports'] as const,
  statements: () => [...reportKeys.all, 'statement'] as const,
  statement: (query: object) => [...reportKeys.statements(), query] as const,
  profitLosses: () => [...reportKeys.all, 'profit-loss'] as const,
  profitLoss: (query: object) => [...reportKeys.profitLosses(), query] as const,
  betHistories: () => [...reportKeys.all, 'bet-history'] as const,
  betHistory: (query: object) => [...reportKeys.betHistories(), query] as const,
  matchBets: (eventId: string) => [...reportKeys.all, 'match-bets', eventId] as const,
  marketBets: (marketId: string, userId: string) =>
    [...reportKeys.all, 'market-bets', marketId, userId] as const,
  fancyBets: (eventId: string, userId: string, selectionId: string) =>
    [...reportKeys.all, 'fancy-bets', eventId, userId, selectionId] as const,
  myMarkets: () => [...reportKeys.all, 'my-markets'] as const,
};
