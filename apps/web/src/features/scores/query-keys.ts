/** General → specific, so invalidation can target any level (docs/conventions.md#query-keys). */
export const scoreKeys = {
  all: ['scores'] as const,
  cricket: (eventId: string) => [...scoreKeys.all, 'cricket', eventId] as const,
  other: (sportId: OtherSportId, eventId: string) =>
    [...scoreKeys.all, 'other', sportId, eventId] as const,
};

/** The sports the tennis/soccer score route serves (docs/product.md#purpose: 1 soccer, 2 tennis). */
export type OtherSportId = '1' | '2';
