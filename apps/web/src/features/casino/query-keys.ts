/** General → specific, so invalidation can target any level (docs/conventions.md#query-keys). */
export const casinoKeys = {
  all: ['casino'] as const,
  launches: () => [...casinoKeys.all, 'launch'] as const,
  /** One launch: a fresh single-use token per visit and per retry. */
  launch: (gameId: string, launch: number) => [...casinoKeys.launches(), gameId, launch] as const,
};
