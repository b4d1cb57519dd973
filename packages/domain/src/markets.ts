/**
 * The exchange market kinds (docs/architecture.md identifiers): decimal odds, back and lay, one
 * winner runner, the liability, price check and settlement rules of match odds. Named as Betfair
 * names them: match odds; tied match and completed match (cricket, runners Yes and No); over/under
 * 1.5, 2.5 and 3.5 goals (soccer, runners Under and Over); a set's winner (tennis, the players).
 */
export const EXCHANGE_MARKET_TYPES = [
  'MATCH_ODDS',
  'TIED_MATCH',
  'COMPLETED_MATCH',
  'OVER_UNDER_15',
  'OVER_UNDER_25',
  'OVER_UNDER_35',
  'SET_WINNER',
] as const;
export type ExchangeMarketType = (typeof EXCHANGE_MARKET_TYPES)[number];

/** Every market kind (docs/product.md#entities `MarketType`): the exchange kinds, bookmaker, toss and fancy. */
export const MARKET_TYPES = [...EXCHANGE_MARKET_TYPES, 'BOOKMAKER', 'TOSS', 'FANCY'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

/** The over/under goal lines: 1.5, 2.5 and 3.5 goals. */
export type OverUnderType = 'OVER_UNDER_15' | 'OVER_UNDER_25' | 'OVER_UNDER_35';

/** True for a kind that trades like match odds (decimal odds, back and lay, one winner). */
export function isExchangeMarket(type: string): type is ExchangeMarketType {
  return (EXCHANGE_MARKET_TYPES as readonly string[]).includes(type);
}

/** True for a kind priced in decimal odds, kept as hundredths: the exchange kinds and toss. */
export function hasDecimalOdds(type: string): boolean {
  return type === 'TOSS' || isExchangeMarket(type);
}

/**
 * One of our market ids read back: its kind, its event and, for a set's winner, the set
 * (docs/decisions.md#identifiers). Never match odds: match odds carry the provider's id.
 */
export interface MarketIdParts {
  readonly kind: Exclude<MarketType, 'FANCY'>;
  readonly eventId: number;
  /** SET_WINNER only: the set, 1 to 5. */
  readonly set?: number;
}

/** The bookmaker market id of an event: `<EventId>B` (docs/product.md#constants, docs/decisions.md#api). */
export function bookmakerMarketId(eventId: number): string {
  return `${eventId}B`;
}

/** The toss market id of an event: `<EventId>T` (docs/product.md#constants, docs/decisions.md#api). */
export function tossMarketId(eventId: number): string {
  return `${eventId}T`;
}

/** The tied match market id of a cricket event: `<EventId>TM`. */
export function tiedMatchMarketId(eventId: number): string {
  return `${eventId}TM`;
}

/** The completed match market id of a cricket event: `<EventId>CM`. */
export function completedMatchMarketId(eventId: number): string {
  return `${eventId}CM`;
}

const OVER_UNDER_SUFFIX: Readonly<Record<OverUnderType, string>> = {
  OVER_UNDER_15: 'OU15',
  OVER_UNDER_25: 'OU25',
  OVER_UNDER_35: 'OU35',
};

/** An over/under goals market id of a soccer event: `<EventId>OU15`, `OU25` or `OU35`. */
export function overUnderMarketId(eventId: number, type: OverUnderType): string {
  return `${eventId}${OVER_UNDER_SUFFIX[type]}`;
}

/** The most sets a tennis match has (best of five). */
export const SET_MAX = 5;

/** The set winner market id of a tennis event's set `set` (1 to 5): `<EventId>SW<set>`. */
export function setWinnerMarketId(eventId: number, set: number): string {
  return `${eventId}SW${set}`;
}

/**
 * The goals an over/under line sits above: 1, 2 or 3 — Over wins when the final goals exceed it
 * (2 or more goals for 1.5), Under when they do not.
 */
export function overUnderGoals(type: OverUnderType): number {
  return type === 'OVER_UNDER_15' ? 1 : type === 'OVER_UNDER_25' ? 2 : 3;
}

/** The runner names of an over/under market, Under first: 'Under 2.5 Goals', 'Over 2.5 Goals'. */
export function overUnderRunnerNames(type: OverUnderType): readonly [string, string] {
  const line = `${overUnderGoals(type)}.5`;
  return [`Under ${line} Goals`, `Over ${line} Goals`];
}

/** The runner names of the Yes/No markets (tied match, completed match), Yes first. */
export const YES_NO_RUNNERS = ['Yes', 'No'] as const;

/**
 * The name a bettor reads of a market kind (`set` for a set's winner): 'Match Odds', 'Tied
 * Match', 'Completed Match', 'Over/Under 2.5 Goals', 'Set 2 Winner'.
 */
export function marketName(type: Exclude<MarketType, 'FANCY'>, set = 1): string {
  switch (type) {
    case 'MATCH_ODDS':
      return 'Match Odds';
    case 'TIED_MATCH':
      return 'Tied Match';
    case 'COMPLETED_MATCH':
      return 'Completed Match';
    case 'OVER_UNDER_15':
    case 'OVER_UNDER_25':
    case 'OVER_UNDER_35':
      return `Over/Under ${overUnderGoals(type)}.5 Goals`;
    case 'SET_WINNER':
      return `Set ${set} Winner`;
    case 'BOOKMAKER':
      return 'Bookmaker';
    case 'TOSS':
      return 'Toss';
  }
}

const marketIdPattern = /^([1-9]\d*)(B|T|TM|CM|OU15|OU25|OU35|SW[1-5])$/;

/** A provider's exchange market id: digits, a dot, digits (Betfair's `1.180305278`). */
const providerMarketIdPattern = /^\d+\.\d+$/;

const KIND_OF_SUFFIX: Readonly<Record<string, MarketIdParts['kind']>> = {
  B: 'BOOKMAKER',
  T: 'TOSS',
  TM: 'TIED_MATCH',
  CM: 'COMPLETED_MATCH',
  OU15: 'OVER_UNDER_15',
  OU25: 'OVER_UNDER_25',
  OU35: 'OVER_UNDER_35',
};

/**
 * Reads one of our market ids (docs/decisions.md#identifiers, docs/architecture.md identifiers):
 * `<EventId>B` bookmaker, `<EventId>T` toss, `<EventId>TM` tied match, `<EventId>CM` completed
 * match, `<EventId>OU15`/`OU25`/`OU35` over/under goals, `<EventId>SW<n>` set n's winner (1–5),
 * with EventId a positive safe integer written without leading zeros. Anything else → null, a
 * provider's id (`isProviderMarketId`) included: its event and kind are the catalog's to say.
 */
export function marketIdParse(marketId: string): MarketIdParts | null {
  const match = marketIdPattern.exec(marketId);
  if (match === null) return null;
  const [, event = '', suffix = ''] = match;
  const eventId = Number(event);
  if (!Number.isSafeInteger(eventId)) return null;
  if (suffix.startsWith('SW')) return { kind: 'SET_WINNER', eventId, set: Number(suffix.slice(2)) };
  const kind = KIND_OF_SUFFIX[suffix];
  return kind === undefined ? null : { kind, eventId };
}

/**
 * True for a provider's exchange market id, `<digits>.<digits>`: Betfair's (`1.180305278` for
 * event 30339025), or the simulator's `1.<EventId>`. Match odds and any exchange market a
 * provider names carry one; it says nothing of the event or the kind, which come from the data
 * the provider gave with it (docs/architecture.md identifiers).
 */
export function isProviderMarketId(marketId: string): boolean {
  return providerMarketIdPattern.test(marketId);
}

/** True for a market id of any kind: a provider's (`isProviderMarketId`) or one of ours (`marketIdParse`). */
export function isMarketId(marketId: string): boolean {
  return isProviderMarketId(marketId) || marketIdParse(marketId) !== null;
}

/**
 * Whether a market of this kind may carry this id, before the catalog says which it is: one of
 * ours names its kind; a provider's id is an exchange market's (docs/architecture.md identifiers).
 */
export function marketIdFitsKind(marketId: string, kind: string): boolean {
  const parts = marketIdParse(marketId);
  if (parts !== null) return parts.kind === kind;
  return isProviderMarketId(marketId) && isExchangeMarket(kind);
}
