import type { MarketType } from '@backlay/domain';
import type { Db, Tx } from '../../db/pool.js';

export async function marketRunners(db: Db | Tx, marketId: string) {
  const rows = await db
    .selectFrom('runners')
    .select(['selection_id', 'name'])
    .where('market_id', '=', marketId)
    .orderBy('sort_priority')
    .execute();
  return rows.map((row) => ({ selectionId: row.selection_id, name: row.name }));
}

export interface OpenBet {
  readonly selectionId: string;
  readonly betType: 'Back' | 'Lay' | 'Yes' | 'No';
  readonly odds: number;
  readonly profitPaise: number;
  readonly liabilityPaise: number;
}

/** The client's open bets on one position (a market, or one fancy runner). */
export async function openBets(
  db: Db | Tx,
  clientId: string,
  positionKey: string,
): Promise<OpenBet[]> {
  const rows = await db
    .selectFrom('bets')
    .select(['selection_id', 'bet_type', 'odds', 'profit_paise', 'liability_paise'])
    .where('client_id', '=', clientId)
    .where('position_key', '=', positionKey)
    .where('status', '=', 'Pending')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    selectionId: row.selection_id,
    betType: row.bet_type,
    odds: row.odds,
    profitPaise: Number(row.profit_paise),
    liabilityPaise: Number(row.liability_paise),
  }));
}

export interface BetRow {
  readonly marketId: string;
  readonly marketType: MarketType;
  readonly positionKey: string;
  readonly selectionId: string;
  readonly selectionName: string;
  readonly betType: 'Back' | 'Lay' | 'Yes' | 'No';
  readonly odds: number;
  readonly price: number;
  readonly stake: number;
  readonly createdAt: Date;
}

/** The client's open bets on an event, newest first. */
export async function openBetsOfEvent(
  db: Db,
  clientId: string,
  eventId: number,
): Promise<BetRow[]> {
  const rows = await db
    .selectFrom('bets')
    .select([
      'market_id',
      'market_type',
      'position_key',
      'selection_id',
      'selection_name',
      'bet_type',
      'odds',
      'price',
      'stake',
      'created_at',
    ])
    .where('client_id', '=', clientId)
    .where('event_id', '=', String(eventId))
    .where('status', '=', 'Pending')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    marketId: row.market_id,
    marketType: row.market_type,
    positionKey: row.position_key,
    selectionId: row.selection_id,
    selectionName: row.selection_name,
    betType: row.bet_type,
    odds: row.odds,
    price: row.price,
    stake: row.stake,
    createdAt: row.created_at,
  }));
}

/** A bet of the bets table: open or cancelled, with what the cancel rule needs. */
export interface ListedBet extends BetRow {
  readonly betId: string;
  readonly status: 'Pending' | 'Cancelled';
  readonly cancelledAt: Date | null;
  readonly sportId: number;
}

/** The client's open and cancelled bets on an event (the bets table), newest first. */
export async function listedBetsOfEvent(
  db: Db,
  clientId: string,
  eventId: number,
): Promise<ListedBet[]> {
  const rows = await db
    .selectFrom('bets')
    .innerJoin('events', 'events.id', 'bets.event_id')
    .select([
      'bets.id',
      'bets.market_id',
      'bets.market_type',
      'bets.position_key',
      'bets.selection_id',
      'bets.selection_name',
      'bets.bet_type',
      'bets.odds',
      'bets.price',
      'bets.stake',
      'bets.created_at',
      'bets.status',
      'bets.cancelled_at',
      'events.sport_id',
    ])
    .where('bets.client_id', '=', clientId)
    .where('bets.event_id', '=', String(eventId))
    .where('bets.status', 'in', ['Pending', 'Cancelled'])
    .orderBy('bets.created_at', 'desc')
    .orderBy('bets.id', 'desc')
    .execute();
  return rows.map((row) => ({
    betId: String(row.id),
    marketId: row.market_id,
    marketType: row.market_type,
    positionKey: row.position_key,
    selectionId: row.selection_id,
    selectionName: row.selection_name,
    betType: row.bet_type,
    odds: row.odds,
    price: row.price,
    stake: row.stake,
    createdAt: row.created_at,
    status: row.status === 'Cancelled' ? 'Cancelled' : 'Pending',
    cancelledAt: row.cancelled_at,
    sportId: row.sport_id,
  }));
}

/** One of the client's bets as a cancel needs it; undefined when it is not theirs. */
export async function betOfClient(db: Db, clientId: string, betId: string) {
  return db
    .selectFrom('bets')
    .innerJoin('events', 'events.id', 'bets.event_id')
    .select([
      'bets.event_id',
      'bets.market_id',
      'bets.market_type',
      'bets.position_key',
      'bets.selection_id',
      'bets.bet_type',
      'bets.odds',
      'bets.profit_paise',
      'bets.liability_paise',
      'bets.status',
      'bets.created_at',
      'events.sport_id',
    ])
    .where('bets.id', '=', betId)
    .where('bets.client_id', '=', clientId)
    .executeTakeFirst();
}

/** Open fancy sessions the client has bets on, with the session's and the event's names. */
export async function openFancyOfClient(db: Db, clientId: string) {
  return db
    .selectFrom('bets')
    .innerJoin('fancy_runners', 'fancy_runners.selection_id', 'bets.position_key')
    .innerJoin('events', 'events.id', 'bets.event_id')
    .select([
      'fancy_runners.selection_id',
      'fancy_runners.name as runner_name',
      'fancy_runners.sort_priority',
      'events.id as event_id',
      'events.sport_id',
      'events.name as event_name',
      'events.series_name',
    ])
    .distinct()
    .where('bets.client_id', '=', clientId)
    .where('bets.status', '=', 'Pending')
    .where('bets.market_type', '=', 'FANCY')
    .orderBy('events.id')
    .orderBy('fancy_runners.sort_priority')
    .orderBy('fancy_runners.selection_id')
    .execute();
}

/** Open non-fancy markets the client has bets on, with the event's names. */
export async function openMarketsOfClient(db: Db, clientId: string) {
  return db
    .selectFrom('bets')
    .innerJoin('markets', 'markets.id', 'bets.position_key')
    .innerJoin('events', 'events.id', 'bets.event_id')
    .select([
      'markets.id as market_id',
      'markets.market_type',
      'events.id as event_id',
      'events.sport_id',
      'events.name as event_name',
      'events.series_name',
    ])
    .distinct()
    .where('bets.client_id', '=', clientId)
    .where('bets.status', '=', 'Pending')
    .where('bets.market_type', '<>', 'FANCY')
    .orderBy('events.id')
    .orderBy('markets.id')
    .execute();
}
