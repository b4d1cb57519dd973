import type { MarketType } from '@backlay/domain';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { OpenBet } from './bets.queries.js';

/**
 * The calls of the bet_* SQL functions (apps/server/src/db/functions/: bet_place, bet_place_batch,
 * bet_cancel, bet_lock_position) and their answers as the server uses them; each makes a bet's
 * whole write in one statement (docs/architecture.md, "The path of a bet").
 */

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
  /**
   * This bet's answer when placed, in place of the messages' `placed`: "… at 1.85" when it got a
   * better price than it asked (`placedAnswer`, docs/decisions.md#money "Price improvement").
   */
  readonly placed: string;
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

/** One call of `bet_cancel` (db/functions/bet_cancel.sql); its answers are bet_place's. */
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

/** One call of `bet_place` (db/functions/bet_place.sql). */
export async function placeBetOnce(db: Db | Tx, bet: BetCall): Promise<PlaceOutcome> {
  const { rows } = await sql<{ outcome: Record<string, unknown> }>`SELECT bet_place(
    ${bet.clientId}::bigint, ${bet.key}, ${bet.hash}::bytea, ${bet.at}::timestamptz,
    ${bet.version}::bigint, ${bet.exposure.toString()}::bigint, ${bet.eventId}::bigint,
    ${bet.marketId}, ${bet.marketType}, ${bet.positionKey}, ${bet.selectionId},
    ${bet.selectionName}, ${bet.betType}, ${bet.odds}::integer, ${bet.price}::integer,
    ${bet.stake}::integer, ${bet.profitPaise}::bigint, ${bet.liabilityPaise}::bigint,
    ${bet.messages}::jsonb || jsonb_build_object('placed', ${bet.placed}::text)) AS outcome`.execute(
    db,
  );
  return outcomeOf(rows[0]?.outcome);
}

/**
 * Several bets in one call of `bet_place_batch` (db/functions/bet_place_batch.sql), one transaction: each bet's
 * answer in order, or null for one the batch did not place (the caller places it alone). The
 * bets share their answer texts (`messages`), each with its own answer when placed (`placed`).
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
    bet.placed,
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
