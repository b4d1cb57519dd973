/** The market kinds (SPEC §3 `MarketType`): match odds, bookmaker, toss and fancy (session). */
export type MarketType = 'MATCH_ODDS' | 'BOOKMAKER' | 'TOSS' | 'FANCY';

/** A market id read back: its kind and the event it belongs to (DESIGN §4 identifiers). */
export interface MarketIdParts {
  readonly kind: 'MATCH_ODDS' | 'BOOKMAKER' | 'TOSS';
  readonly eventId: number;
}

/** The match odds market id of an event: `1.<EventId>` (DESIGN §4). */
export function matchOddsMarketId(eventId: number): string {
  return `1.${eventId}`;
}

/** The bookmaker market id of an event: `<EventId>B` (SPEC §9, DESIGN §4). */
export function bookmakerMarketId(eventId: number): string {
  return `${eventId}B`;
}

/** The toss market id of an event: `<EventId>T` (SPEC §9, DESIGN §4). */
export function tossMarketId(eventId: number): string {
  return `${eventId}T`;
}

const marketIdPattern = /^(?:1\.([1-9]\d*)|([1-9]\d*)([BT]))$/;

/**
 * Reads a market id (DESIGN §4): `1.<EventId>` is match odds, `<EventId>B` bookmaker,
 * `<EventId>T` toss, with EventId a positive safe integer written without leading zeros. Anything
 * else → null.
 */
export function marketIdParse(marketId: string): MarketIdParts | null {
  const match = marketIdPattern.exec(marketId);
  if (match === null) return null;
  const [, matchOddsEvent, otherEvent, suffix] = match;
  const eventId = Number(matchOddsEvent ?? otherEvent);
  if (!Number.isSafeInteger(eventId)) return null;
  if (matchOddsEvent !== undefined) return { kind: 'MATCH_ODDS', eventId };
  return { kind: suffix === 'B' ? 'BOOKMAKER' : 'TOSS', eventId };
}
