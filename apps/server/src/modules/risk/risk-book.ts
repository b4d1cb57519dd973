import {
  addPaise,
  fancyLadder,
  marketBook,
  marketExposure,
  toFancyLine,
  toPaise,
  type ExchangeBet,
  type FancyBet,
  type Paise,
} from '@backlay/domain';
import type * as q from './risk.queries.js';

/**
 * The house's book (docs/backoffice.md): from the open stakes and the names of their markets
 * and sessions, each runner's and each run's result for the house, its top clients and the total
 * exposure. Pure: risk.service.ts reads what it needs and shares one book between callers.
 */

/** The clients listed per market or session: the largest exposures. */
export const TOP_CLIENTS = 5;

// ---------------------------------------------------------------- the house's book, in paise

export interface EventName {
  readonly eventId: number;
  readonly name: string;
  readonly sportId: number;
  readonly startTime: Date;
}

/** A market as the house's book names it. `order`: its place among its event's markets. */
export interface MarketTarget {
  readonly event: EventName;
  readonly marketId: string;
  readonly name: string;
  readonly status: string;
  readonly order: number;
  readonly runners: readonly { readonly selectionId: string; readonly name: string }[];
}

/** A fancy session as the house's book names it. `order`: its place in its event's feed order. */
export interface SessionTarget {
  readonly event: EventName;
  readonly selectionId: string;
  readonly name: string;
  readonly order: number;
}

export interface Targets {
  readonly markets: ReadonlyMap<string, MarketTarget>;
  readonly sessions: ReadonlyMap<string, SessionTarget>;
}

/** One client's outcome on a market or session: their worst loss (≥ 0) and their best result. */
export interface ClientBook {
  readonly clientId: string;
  readonly username: string;
  readonly exposure: Paise;
  readonly best: Paise;
}

export interface MarketRisk {
  readonly target: MarketTarget;
  /** The house's result if each runner wins, in the runners' order. */
  readonly runners: readonly {
    readonly selectionId: string;
    readonly name: string;
    readonly house: Paise;
  }[];
  readonly houseExposure: Paise;
  readonly openBets: number;
  readonly topClients: readonly ClientBook[];
}

export interface SessionRisk {
  readonly target: SessionTarget;
  /** The house's result from `runs` final runs up to the next rung's. */
  readonly ladder: readonly { readonly runs: number; readonly house: Paise }[];
  readonly houseExposure: Paise;
  readonly openBets: number;
  readonly topClients: readonly ClientBook[];
}

/** An open matka market (risk-games.ts): the house's result on the number it least wants drawn. */
export interface MatkaRisk {
  readonly mid: string;
  /** The game's EventId. */
  readonly gameId: string;
  readonly game: string;
  readonly status: 'open' | 'closed' | 'rolled back';
  readonly closesAt: Date;
  readonly staked: Paise;
  readonly worstNumber: string;
  readonly houseIfWorst: Paise;
  readonly houseExposure: Paise;
  readonly openBets: number;
  readonly topClients: readonly ClientBook[];
}

/** The open rounds of one casino game: their stakes, held until the provider settles them. */
export interface CasinoRisk {
  readonly gameId: string;
  readonly game: string;
  readonly openRounds: number;
  readonly stakeHeld: Paise;
}

/** Matka markets and casino games with money open, as risk-games.ts books them. */
export interface GamesBook {
  readonly matka: readonly MatkaRisk[];
  readonly casino: readonly CasinoRisk[];
}

export interface HouseBook extends GamesBook {
  readonly at: Date;
  readonly markets: readonly MarketRisk[];
  readonly fancy: readonly SessionRisk[];
  /** Every market's and session's house exposure. */
  readonly sportsExposure: Paise;
  readonly matkaExposure: Paise;
  /** The stakes of the open casino rounds. */
  readonly casinoExposure: Paise;
  /** sports + matka + casino. */
  readonly totalExposure: Paise;
}

/** Paise read from the database (sums arrive as text); a sum beyond 2^53 paise is not a book. */
export function paiseOf(value: string | number): Paise {
  const paise = toPaise(Number(value));
  if (paise === null) throw new Error(`amount out of range: ${value} paise`);
  return paise;
}

const negate = (paise: Paise): Paise => paiseOf(0 - paise);

/** What a book reads of a group of open bets: one side of one runner or line, summed. */
export type StakeFigures = Pick<
  q.OpenStake,
  'positionKey' | 'selectionId' | 'betType' | 'line' | 'profitPaise' | 'liabilityPaise'
>;

/** A group of open bets on a market as the domain's exchange bet. */
export function exchangeBetOf(stake: StakeFigures): ExchangeBet {
  const profit = paiseOf(stake.profitPaise);
  const liability = paiseOf(stake.liabilityPaise);
  switch (stake.betType) {
    case 'Back':
    case 'Lay':
      return { selectionId: stake.selectionId, betType: stake.betType, profit, liability };
    case 'Yes':
    case 'No':
      throw new Error(`a ${stake.betType} bet on market ${stake.positionKey}`);
  }
}

/** A group of open bets on a fancy session as the domain's fancy bet. */
export function fancyBetOf(stake: StakeFigures): FancyBet {
  const line = toFancyLine(stake.line);
  if (line === null) throw new Error(`fancy line ${stake.line} on ${stake.positionKey}`);
  const profit = paiseOf(stake.profitPaise);
  const liability = paiseOf(stake.liabilityPaise);
  switch (stake.betType) {
    case 'Yes':
    case 'No':
      return { line, betType: stake.betType, profit, liability };
    case 'Back':
    case 'Lay':
      throw new Error(`a ${stake.betType} bet on fancy session ${stake.positionKey}`);
  }
}

/** Items grouped by a key, each group in the items' order. */
export function byKey<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const countBets = (stakes: readonly q.OpenStake[]) =>
  stakes.reduce((total, stake) => total + stake.bets, 0);

export function best(outcomes: readonly Paise[]): Paise {
  return outcomes.reduce<Paise>((top, pl) => (pl > top ? pl : top), outcomes[0] ?? paiseOf(0));
}

/** Largest exposure first; then the larger best outcome (what the house may pay), then by name. */
export function topClients(books: ClientBook[]): ClientBook[] {
  return books
    .sort(
      (a, b) =>
        b.exposure - a.exposure ||
        b.best - a.best ||
        (a.username < b.username ? -1 : a.username > b.username ? 1 : 0),
    )
    .slice(0, TOP_CLIENTS);
}

/**
 * A market's house book (docs/architecture.md, "Money": books exist once, in packages/domain):
 * each client's book is `marketBook` of their open bets, the house's result on a runner is minus
 * the sum of the clients' results on it, and its exposure is the worst of those
 * (`marketExposure`).
 */
export function marketRisk(target: MarketTarget, stakes: readonly q.OpenStake[]): MarketRisk {
  const selectionIds = target.runners.map((runner) => runner.selectionId);
  let house: Paise[] = selectionIds.map(() => paiseOf(0));
  const books: ClientBook[] = [];
  for (const own of byKey(stakes, (stake) => stake.clientId).values()) {
    const first = own[0];
    if (!first) continue;
    const outcomes = marketBook(selectionIds, own.map(exchangeBetOf)).map((runner) => runner.pl);
    house = house.map((pl, index) => addPaise(pl, negate(outcomes[index] ?? paiseOf(0))));
    books.push({
      clientId: first.clientId,
      username: first.username,
      exposure: marketExposure(outcomes),
      best: best(outcomes),
    });
  }
  return {
    target,
    runners: target.runners.map((runner, index) => ({
      selectionId: runner.selectionId,
      name: runner.name,
      house: house[index] ?? paiseOf(0),
    })),
    houseExposure: marketExposure(house),
    openBets: countBets(stakes),
    topClients: topClients(books),
  };
}

/**
 * A fancy session's house ladder (docs/architecture.md, "Money"): minus the `fancyLadder` of every client's open
 * bets (a ladder is a sum over bets), kept at the runs where the house's result changes.
 */
export function sessionRisk(target: SessionTarget, stakes: readonly q.OpenStake[]): SessionRisk {
  const books: ClientBook[] = [];
  for (const own of byKey(stakes, (stake) => stake.clientId).values()) {
    const first = own[0];
    if (!first) continue;
    const outcomes = fancyLadder(own.map(fancyBetOf)).map((rung) => rung.Pl);
    books.push({
      clientId: first.clientId,
      username: first.username,
      exposure: marketExposure(outcomes),
      best: best(outcomes),
    });
  }
  const ladder: { runs: number; house: Paise }[] = [];
  for (const rung of fancyLadder(stakes.map(fancyBetOf))) {
    const house = negate(rung.Pl);
    if (ladder.at(-1)?.house !== house) ladder.push({ runs: rung.RunValue, house });
  }
  return {
    target,
    ladder,
    houseExposure: marketExposure(ladder.map((rung) => rung.house)),
    openBets: countBets(stakes),
    topClients: topClients(books),
  };
}

function eventOrder(a: EventName, b: EventName): number {
  return a.startTime.getTime() - b.startTime.getTime() || a.eventId - b.eventId;
}

/** What the book shows of a position its tables no longer name: its ids, never a hidden risk. */
function unnamedEvent(eventId: string): EventName {
  return { eventId: Number(eventId), name: `Event ${eventId}`, sportId: 0, startTime: new Date(0) };
}

/**
 * The house's book on every market and fancy session with open bets, from the open stakes and
 * the names of their targets: markets and sessions by event start time, then in the event's
 * order, so that a screen polling it keeps its rows in place; with the open matka markets and
 * casino rounds (`games`, risk-games.ts) in their own rows and in the total.
 */
export function houseBook(
  stakes: readonly q.OpenStake[],
  targets: Targets,
  at: Date,
  games: GamesBook = { matka: [], casino: [] },
): HouseBook {
  const markets: MarketRisk[] = [];
  const fancy: SessionRisk[] = [];
  for (const [key, own] of byKey(stakes, (stake) => stake.positionKey)) {
    const first = own[0];
    if (!first) continue;
    if (first.isFancy) {
      const target = targets.sessions.get(key) ?? {
        event: unnamedEvent(first.eventId),
        selectionId: key,
        name: key,
        order: 0,
      };
      fancy.push(sessionRisk(target, own));
    } else {
      const target = targets.markets.get(key) ?? {
        event: unnamedEvent(first.eventId),
        marketId: key,
        name: key,
        status: 'UNKNOWN',
        order: 0,
        runners: [...new Set(own.map((stake) => stake.selectionId))]
          .sort()
          .map((selectionId) => ({ selectionId, name: selectionId })),
      };
      markets.push(marketRisk(target, own));
    }
  }
  markets.sort(
    (a, b) =>
      eventOrder(a.target.event, b.target.event) ||
      a.target.order - b.target.order ||
      (a.target.marketId < b.target.marketId ? -1 : 1),
  );
  fancy.sort(
    (a, b) =>
      eventOrder(a.target.event, b.target.event) ||
      a.target.order - b.target.order ||
      (a.target.selectionId < b.target.selectionId ? -1 : 1),
  );
  const sportsExposure = addPaise(
    ...markets.map((market) => market.houseExposure),
    ...fancy.map((session) => session.houseExposure),
  );
  const matkaExposure = addPaise(...games.matka.map((market) => market.houseExposure));
  const casinoExposure = addPaise(...games.casino.map((game) => game.stakeHeld));
  return {
    at,
    markets,
    fancy,
    matka: games.matka,
    casino: games.casino,
    sportsExposure,
    matkaExposure,
    casinoExposure,
    totalExposure: addPaise(sportsExposure, matkaExposure, casinoExposure),
  };
}
