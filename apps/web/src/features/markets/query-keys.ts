/** General → specific, so invalidation can target any level (docs/conventions.md#query-keys). */
export const marketKeys = {
  all: ['markets'] as const,
  lists: () => [...marketKeys.all, 'list'] as const,
  list: (sportsId: number) => [...marketKeys.lists(), sportsId] as const,
  rates: () => [...marketKeys.all, 'rates'] as const,
  ratesOf: (marketIds: readonly string[]) => [...marketKeys.rates(), marketIds.join(',')] as const,
};
