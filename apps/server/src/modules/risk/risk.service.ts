import type { Db } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import type { Catalog } from '../markets/catalog.js';
import * as games from './risk-games.queries.js';
import * as q from './risk.queries.js';
import {
  houseBook,
  type HouseBook,
  type MarketTarget,
  type SessionTarget,
  type Targets,
} from './risk-book.js';
import { casinoRisk, matkaRisk } from './risk-games.js';
import { boEventsWire, riskBookWire, type BoEvent, type RiskBookResult } from './risk.wire.js';

/** Closed events stay in the back office's list this long after they were last heard of. */
export const RECENT_EVENTS_MS = 2 * 24 * 3600 * 1000;

// ---------------------------------------------------------------- names of the targets

/** The targets' names from the database: one statement. */
async function targetsFromDb(
  db: Db,
  marketIds: readonly string[],
  sessionIds: readonly string[],
): Promise<Targets> {
  const markets = new Map<string, MarketTarget & { runners: MarketTarget['runners'][number][] }>();
  const sessions = new Map<string, SessionTarget>();
  for (const row of await q.targetsOf(db, marketIds, sessionIds)) {
    const event = {
      eventId: Number(row.eventId),
      name: row.eventName,
      sportId: row.sportId,
      startTime: row.startTime,
    };
    if (row.kind === 'fancy') {
      sessions.set(row.target, {
        event,
        selectionId: row.target,
        name: row.name,
        order: row.sortKey,
      });
      continue;
    }
    let market = markets.get(row.target);
    if (!market) {
      market = {
        event,
        marketId: row.target,
        name: row.name,
        status: row.status ?? 'UNKNOWN',
        order: row.sortKey,
        runners: [],
      };
      markets.set(row.target, market);
    }
    if (row.selectionId !== null && row.runnerName !== null) {
      market.runners.push({ selectionId: row.selectionId, name: row.runnerName });
    }
  }
  return { markets, sessions };
}

/** The targets' names from the catalog's copy of their events (no statement once loaded). */
async function targetsFromCatalog(
  catalog: Pick<Catalog, 'event'>,
  eventIds: readonly string[],
): Promise<Targets> {
  const markets = new Map<string, MarketTarget>();
  const sessions = new Map<string, SessionTarget>();
  const events = await Promise.all(eventIds.map((eventId) => catalog.event(Number(eventId))));
  for (const facts of events) {
    if (!facts) continue;
    const event = {
      eventId: facts.eventId,
      name: facts.row.name,
      sportId: facts.row.sportId,
      startTime: facts.row.startTime,
    };
    facts.marketRows.forEach((market, order) => {
      markets.set(market.marketId, {
        event,
        marketId: market.marketId,
        name: market.name,
        status: market.isClosed ? 'CLOSED' : 'OPEN',
        order,
        runners: market.runners.map((runner) => ({
          selectionId: String(runner.selectionId),
          name: runner.name,
        })),
      });
    });
    [...facts.fancyNames].forEach(([selectionId, name], order) => {
      sessions.set(selectionId, { event, selectionId, name, order });
    });
  }
  return { markets, sessions };
}

// ---------------------------------------------------------------- the service

export interface RiskServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  /**
   * The catalog (docs/architecture.md, "Caches"): with it, the names of markets and sessions come
   * from memory and a poll of the book is one statement; without it, two.
   */
  readonly catalog?: Pick<Catalog, 'event'>;
  /** MATKA_PAYOUT: a hit returns this many times its amount; the matka book's worst number. */
  readonly matkaPayout: number;
}

/**
 * The back office's risk reads (docs/backoffice.md): the house's book — sports markets and
 * sessions, open matka markets and open casino rounds — and the events it runs.
 */
export function createRiskService(deps: RiskServiceDeps) {
  const { db, clock, catalog } = deps;

  async function computeBook(): Promise<HouseBook> {
    const at = clock.now();
    // Three small statements at once: the sports bets, the matka bets and the casino rounds open.
    const [stakes, matka, casino] = await Promise.all([
      q.openStakes(db),
      games.openMatkaStakes(db),
      games.openCasinoStakes(db),
    ]);
    const marketIds = new Set<string>();
    const sessionIds = new Set<string>();
    const eventIds = new Set<string>();
    for (const stake of stakes) {
      (stake.isFancy ? sessionIds : marketIds).add(stake.positionKey);
      eventIds.add(stake.eventId);
    }
    const targets =
      stakes.length === 0
        ? { markets: new Map(), sessions: new Map() }
        : catalog
          ? await targetsFromCatalog(catalog, [...eventIds])
          : await targetsFromDb(db, [...marketIds], [...sessionIds]);
    return houseBook(stakes, targets, at, {
      matka: matkaRisk(matka, deps.matkaPayout, at),
      casino: casinoRisk(casino),
    });
  }

  // Operators poll the book every second (docs/backoffice.md): polls that arrive while one is
  // being computed share it, so the statement runs once at a time however many screens are open.
  let inFlight: Promise<HouseBook> | undefined;
  function sharedBook(): Promise<HouseBook> {
    inFlight ??= computeBook().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    /** The house's book in paise, as `book()` answers it. */
    computeBook,

    /** The riskBook answer: the house's book on everything with money open. */
    async book(): Promise<RiskBookResult> {
      return riskBookWire(await sharedBook());
    },

    /**
     * The boEvents answer: events not closed, and closed ones heard of in the last
     * {@link RECENT_EVENTS_MS}, with their markets (the database's status; the operator's
     * suspension), runners, fancy rows and settlement states.
     */
    async events(): Promise<BoEvent[]> {
      const since = new Date(clock.now().getTime() - RECENT_EVENTS_MS);
      const events = await q.recentEvents(db, since);
      if (events.length === 0) return [];
      const ids = events.map((event) => event.eventId);
      const [markets, fancy] = await Promise.all([
        q.marketsOfEvents(db, ids),
        q.fancyOfEvents(db, ids),
      ]);
      return boEventsWire(events, markets, fancy);
    },
  };
}

export type RiskService = ReturnType<typeof createRiskService>;
