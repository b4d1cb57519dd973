/**
 * General → specific, so invalidation can target any level (docs/conventions.md#query-keys): after a bet, invalidate
 * `bets(eventId)` (matched bets and every position); an EventSuspended push, `detail(eventId)`
 * and `operator(eventId)` (the custom bookmaker, custom and active fancy rows).
 */
export const eventKeys = {
  all: ['event'] as const,
  of: (eventId: string) => [...eventKeys.all, eventId] as const,
  detail: (eventId: string) => [...eventKeys.of(eventId), 'detail'] as const,
  odds: (eventId: string) => [...eventKeys.of(eventId), 'odds'] as const,
  /** Odds/Market: the event's exchange and toss books, whichever of its markets asked. */
  marketOdds: (eventId: string) => [...eventKeys.odds(eventId), 'market'] as const,
  bmFancy: (eventId: string) => [...eventKeys.odds(eventId), 'bm-fancy'] as const,
  toss: (eventId: string, marketId: string) =>
    [...eventKeys.odds(eventId), 'toss', marketId] as const,
  operator: (eventId: string) => [...eventKeys.of(eventId), 'operator'] as const,
  activeFancy: (eventId: string) => [...eventKeys.operator(eventId), 'active-fancy'] as const,
  customFancy: (eventId: string) => [...eventKeys.operator(eventId), 'custom-fancy'] as const,
  customBookmaker: (eventId: string) =>
    [...eventKeys.operator(eventId), 'custom-bookmaker'] as const,
  bets: (eventId: string) => [...eventKeys.of(eventId), 'bets'] as const,
  matchedBets: (eventId: string) => [...eventKeys.bets(eventId), 'matched'] as const,
  positions: (eventId: string) => [...eventKeys.bets(eventId), 'positions'] as const,
  fancyPosition: (eventId: string) => [...eventKeys.positions(eventId), 'fancy'] as const,
  fancyLadder: (eventId: string, selectionId: string) =>
    [...eventKeys.positions(eventId), 'fancy', selectionId] as const,
  runnerBook: (eventId: string, marketId: string) =>
    [...eventKeys.positions(eventId), 'runners', marketId] as const,
  userBook: (eventId: string, marketId: string, uid: string) =>
    [...eventKeys.positions(eventId), 'user-book', marketId, uid] as const,
};
