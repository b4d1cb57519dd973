/** General → specific, so invalidation can target any level (STYLE). */
export const scoreKeys = {
  all: ['scores'] as const,
  cricket: (eventId: string) => [...scoreKeys.all, 'cricket', eventId] as const,
  other: (sportId: OtherSportId, eventId: string) =>
    [...scoreKeys.all, 'other', sportId, eventId] as const,
};

/** The sports the tennis/soccer score route serves (SPEC §1: 1 soccer, 2 tennis). */
export type OtherSportId = '1' | '2';
