import type { MarketType } from '@backlay/domain';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';

/** Locks a market row for the bet (FOR SHARE: settlement's FOR UPDATE waits for open bets). */
export async function lockMarket(tx: Tx, marketId: string) {
  return tx
    .selectFrom('markets')
    .innerJoin('events', 'events.id', 'markets.event_id')
    .select([
      'markets.id',
      'markets.event_id',
      'markets.market_type',
      'markets.status',
      'markets.operator_suspended',
      'markets.min_stake',
      'markets.max_stake',
      'events.status as event_status',
      'events.bet_locked',
      'events.sport_id',
    ])
    .where('markets.id', '=', marketId)
    .forShare('markets')
    .executeTakeFirst();
}

/** Locks an event row for a fancy bet (its sessions belong to the event; DESIGN §4). */
export async function lockEvent(tx: Tx, eventId: number) {
  return tx
    .selectFrom('events')
    .select([
      'id',
      'status',
      'bet_locked',
      'fancy_active',
      'session_min_stake',
      'session_max_stake',
      'sport_id',
    ])
    .where('id', '=', String(eventId))
    .forShare()
    .executeTakeFirst();
}

export async function marketRunners(db: Db | Tx, marketId: string) {
  const rows = await db
    .selectFrom('runners')
    .select(['selection_id', 'name'])
    .where('market_id', '=', marketId)
    .orderBy('sort_priority')
    .execute();
  return rows.map((row) => ({ selectionId: row.selection_id, name: row.name }));
}

/**
 * Locks a fancy runner row for the bet: it is the session's market row (DESIGN §5), FOR SHARE as
 * a market's, so a settlement (FOR UPDATE) either sees this bet or makes it wait and be refused.
 */
export async function lockFancyRunner(tx: Tx, selectionId: string) {
  return tx
    .selectFrom('fancy_runners')
    .select(['selection_id', 'event_id', 'name'])
    .where('selection_id', '=', selectionId)
    .forShare()
    .executeTakeFirst();
}

/**
 * Whether the market or session already has a result (no bets after it): declared by the feed, or
 * settled, voided or rolled back by an operator. A fancy session is never closed like a market
 * row, so its settlement row is what stops bets on it.
 */
export async function isDeclared(db: Db | Tx, target: string): Promise<boolean> {
  const row = await db
    .selectFrom('result_declarations')
    .select('target')
    .where('target', '=', target)
    .unionAll(db.selectFrom('settlements').select('target').where('target', '=', target))
    .executeTakeFirst();
  return row !== undefined;
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

export async function currentExposure(
  tx: Tx,
  clientId: string,
  positionKey: string,
): Promise<bigint> {
  const row = await tx
    .selectFrom('exposures')
    .select('exposure_paise')
    .where('client_id', '=', clientId)
    .where('position_key', '=', positionKey)
    .executeTakeFirst();
  return row ? BigInt(row.exposure_paise) : 0n;
}

export async function insertBet(
  tx: Tx,
  bet: {
    clientId: string;
    eventId: number;
    marketId: string;
    marketType: MarketType;
    positionKey: string;
    selectionId: string;
    selectionName: string;
    betType: 'Back' | 'Lay' | 'Yes' | 'No';
    odds: number;
    price: number;
    stake: number;
    profitPaise: number;
    liabilityPaise: number;
    at: Date;
  },
): Promise<void> {
  await tx
    .insertInto('bets')
    .values({
      client_id: bet.clientId,
      event_id: bet.eventId,
      market_id: bet.marketId,
      market_type: bet.marketType,
      position_key: bet.positionKey,
      selection_id: bet.selectionId,
      selection_name: bet.selectionName,
      bet_type: bet.betType,
      odds: bet.odds,
      price: bet.price,
      stake: bet.stake,
      profit_paise: bet.profitPaise,
      liability_paise: bet.liabilityPaise,
      created_at: bet.at,
    })
    .execute();
}

/** Sets a position's exposure and moves the wallet's exposure by the difference, in one go. */
export async function moveExposure(
  tx: Tx,
  change: {
    clientId: string;
    accountId: string;
    positionKey: string;
    eventId: number;
    exposure: bigint;
    delta: bigint;
  },
): Promise<void> {
  await tx
    .insertInto('exposures')
    .values({
      client_id: change.clientId,
      position_key: change.positionKey,
      event_id: change.eventId,
      exposure_paise: change.exposure.toString(),
    })
    .onConflict((oc) =>
      oc
        .columns(['client_id', 'position_key'])
        .doUpdateSet({ exposure_paise: change.exposure.toString() }),
    )
    .execute();
  await shiftWalletExposure(tx, change.accountId, change.delta);
}

/** Moves a wallet's exposure by `delta` paise (the exposures rows are the detail of it). */
export async function shiftWalletExposure(tx: Tx, accountId: string, delta: bigint): Promise<void> {
  if (delta === 0n) return;
  await tx
    .updateTable('wallets')
    .set({ exposure_paise: sql`exposure_paise + ${delta.toString()}::bigint` })
    .where('account_id', '=', accountId)
    .execute();
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
