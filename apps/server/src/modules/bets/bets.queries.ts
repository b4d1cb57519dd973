import type { MarketType } from '@backlay/domain';
import { sql } from 'kysely';
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

export type PlaceOutcome =
  | { readonly outcome: 'stale'; readonly version: string; readonly bets: OpenBet[] }
  | { readonly outcome: 'conflict' }
  | { readonly outcome: 'replay'; readonly answer: unknown }
  | {
      readonly outcome: 'answered';
      readonly answer:
        | { readonly Status: true; readonly Result: string }
        | { readonly Status: false; readonly Result: string };
      /** The position's new version when the bet was placed. */
      readonly version: string | null;
    };

const RETRYABLE = new Set(['40001', '40P01']);

/** Open bets as bet_place and bet_lock_position list them: [selection, type, odds, profit, liability]. */
function openBetsOf(rows: unknown): OpenBet[] {
  return (rows as [string, OpenBet['betType'], number, number, number][]).map(
    ([selectionId, betType, odds, profitPaise, liabilityPaise]) => ({
      selectionId,
      betType,
      odds,
      profitPaise,
      liabilityPaise,
    }),
  );
}

export interface BetCall {
  readonly clientId: string;
  readonly key: string | null;
  readonly hash: Buffer | null;
  readonly at: Date;
  readonly version: string;
  readonly exposure: bigint;
  readonly eventId: number;
  readonly marketId: string;
  readonly marketType: MarketType;
  readonly positionKey: string;
  readonly selectionId: string;
  readonly selectionName: string;
  readonly betType: 'Back' | 'Lay' | 'Yes' | 'No';
  readonly odds: number;
  readonly price: number;
  readonly stake: number;
  readonly profitPaise: number;
  readonly liabilityPaise: number;
  /** The answer texts, as JSON (BET_MESSAGES). */
  readonly messages: string;
}

/** bet_place's answer as the server uses it (versions as strings). */
function outcomeOf(outcome: Record<string, unknown> | null | undefined): PlaceOutcome {
  if (!outcome) throw new Error('bet_place answered nothing');
  switch (outcome.outcome) {
    case 'answered': {
      const answered = outcome as Extract<PlaceOutcome, { outcome: 'answered' }>;
      const version = outcome.version as number | string | null;
      return { ...answered, version: version === null ? null : String(version) };
    }
    case 'stale':
      return { outcome: 'stale', version: String(outcome.version), bets: openBetsOf(outcome.bets) };
    default:
      return outcome as PlaceOutcome;
  }
}

export interface CancelCall {
  readonly clientId: string;
  readonly betId: string;
  readonly key: string | null;
  readonly hash: Buffer | null;
  readonly at: Date;
  readonly windowMs: number;
  readonly version: string;
  readonly exposure: bigint;
  /** The answer texts, as JSON (CANCEL_MESSAGES). */
  readonly messages: string;
}

/** One call of `bet_cancel` (migration 0012); its answers are bet_place's. */
export async function cancelBetOnce(db: Db | Tx, call: CancelCall): Promise<PlaceOutcome> {
  const { rows } = await sql<{ outcome: Record<string, unknown> }>`SELECT bet_cancel(
    ${call.clientId}::bigint, ${call.betId}::bigint, ${call.key}, ${call.hash}::bytea,
    ${call.at}::timestamptz, ${call.windowMs}::integer, ${call.version}::bigint,
    ${call.exposure.toString()}::bigint, ${call.messages}::jsonb) AS outcome`.execute(db);
  return outcomeOf(rows[0]?.outcome);
}

/** bet_cancel retried like placeBet on a deadlock or serialization failure. */
export async function cancelBet(db: Db, call: CancelCall): Promise<PlaceOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await cancelBetOnce(db, call);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 3 || code === undefined || !RETRYABLE.has(code)) throw error;
    }
  }
}

/** One call of `bet_place` (migration 0009). */
export async function placeBetOnce(db: Db | Tx, bet: BetCall): Promise<PlaceOutcome> {
  const { rows } = await sql<{ outcome: Record<string, unknown> }>`SELECT bet_place(
    ${bet.clientId}::bigint, ${bet.key}, ${bet.hash}::bytea, ${bet.at}::timestamptz,
    ${bet.version}::bigint, ${bet.exposure.toString()}::bigint, ${bet.eventId}::bigint,
    ${bet.marketId}, ${bet.marketType}, ${bet.positionKey}, ${bet.selectionId},
    ${bet.selectionName}, ${bet.betType}, ${bet.odds}::integer, ${bet.price}::integer,
    ${bet.stake}::integer, ${bet.profitPaise}::bigint, ${bet.liabilityPaise}::bigint,
    ${bet.messages}::jsonb) AS outcome`.execute(db);
  return outcomeOf(rows[0]?.outcome);
}

/**
 * Several bets in one call of `bet_place_batch` (migration 0010), one transaction: each bet's
 * answer in order, or null for one the batch did not place (the caller places it alone). The
 * bets share their answer texts (`messages`).
 */
export async function placeBetBatch(
  db: Db,
  bets: readonly BetCall[],
): Promise<(PlaceOutcome | null)[]> {
  const args = bets.map((bet) => [
    bet.clientId,
    bet.key,
    bet.hash?.toString('hex') ?? null,
    bet.at.toISOString(),
    bet.version,
    bet.exposure.toString(),
    bet.eventId,
    bet.marketId,
    bet.marketType,
    bet.positionKey,
    bet.selectionId,
    bet.selectionName,
    bet.betType,
    bet.odds,
    bet.price,
    bet.stake,
    bet.profitPaise,
    bet.liabilityPaise,
  ]);
  const { rows } = await sql<{ outcomes: (Record<string, unknown> | null)[] }>`SELECT
    bet_place_batch(${JSON.stringify(args)}::jsonb, ${bets[0]?.messages ?? '{}'}::jsonb) AS outcomes`.execute(
    db,
  );
  const outcomes = rows[0]?.outcomes ?? [];
  return bets.map((_, index) => {
    const outcome = outcomes[index];
    return outcome ? outcomeOf(outcome) : null;
  });
}

/**
 * A bet in one statement, in its own transaction (autocommit): retried up to 3 times on a
 * deadlock or serialization failure, which roll the whole call back.
 */
export async function placeBet(db: Db, bet: BetCall): Promise<PlaceOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await placeBetOnce(db, bet);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 3 || code === undefined || !RETRYABLE.has(code)) throw error;
    }
  }
}

/**
 * `bet_lock_position`: bet_place's locks taken first (market row FOR SHARE, then the wallet FOR
 * UPDATE) and the position read under them, for the contended path (in a transaction).
 */
export async function lockPosition(
  tx: Tx,
  bet: Pick<BetCall, 'clientId' | 'eventId' | 'marketId' | 'marketType' | 'positionKey'>,
): Promise<{ version: string; bets: OpenBet[] }> {
  const { rows } = await sql<{ position: { version: number | string; bets: unknown } }>`SELECT
    bet_lock_position(${bet.clientId}::bigint, ${bet.eventId}::bigint, ${bet.marketId},
    ${bet.marketType}, ${bet.positionKey}) AS position`.execute(tx);
  const position = rows[0]?.position;
  if (!position) throw new Error('bet_lock_position answered nothing');
  return { version: String(position.version), bets: openBetsOf(position.bets) };
}
