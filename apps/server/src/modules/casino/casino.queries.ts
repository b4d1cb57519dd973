import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { CasinoRoundStatus } from '../../db/schema.js';

export async function insertLaunch(
  db: Db | Tx,
  launch: {
    tokenHash: Buffer;
    clientId: string;
    sessionId: string;
    gameId: string;
    at: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('casino_launches')
    .values({
      token_hash: launch.tokenHash,
      client_id: launch.clientId,
      session_id: launch.sessionId,
      game_id: launch.gameId,
      created_at: launch.at,
      expires_at: launch.expiresAt,
    })
    .execute();
}

/** Forgets launch tokens that expired before `before` (used or not: they can never work again). */
export async function deleteExpiredLaunches(db: Db | Tx, before: Date): Promise<void> {
  await db.deleteFrom('casino_launches').where('expires_at', '<', before).execute();
}

export interface LaunchRow {
  readonly clientId: string;
  readonly sessionId: string;
  readonly gameId: string;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
  /** The bearer session it came from has been revoked (logout, expiry, password change). */
  readonly isSessionRevoked: boolean;
}

/** A launch token's row FOR UPDATE, so that two exchanges of one token cannot both succeed. */
export async function lockLaunch(tx: Tx, tokenHash: Buffer): Promise<LaunchRow | undefined> {
  const row = await tx
    .selectFrom('casino_launches as l')
    .innerJoin('sessions as s', 's.id', 'l.session_id')
    .select([
      'l.client_id',
      'l.session_id',
      'l.game_id',
      'l.expires_at',
      'l.used_at',
      's.revoked_at',
    ])
    .where('l.token_hash', '=', tokenHash)
    .forUpdate('l')
    .executeTakeFirst();
  return (
    row && {
      clientId: row.client_id,
      sessionId: row.session_id,
      gameId: row.game_id,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      isSessionRevoked: row.revoked_at !== null,
    }
  );
}

export async function useLaunch(tx: Tx, tokenHash: Buffer, at: Date): Promise<void> {
  await tx
    .updateTable('casino_launches')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function insertSession(
  tx: Tx,
  session: { hash: Buffer; clientId: string; sessionId: string; gameId: string; at: Date },
): Promise<void> {
  await tx
    .insertInto('casino_sessions')
    .values({
      session_hash: session.hash,
      client_id: session.clientId,
      session_id: session.sessionId,
      game_id: session.gameId,
      created_at: session.at,
      last_seen_at: session.at,
    })
    .execute();
}

/** Forgets provider sessions idle since before `before`. */
export async function deleteIdleSessions(db: Db | Tx, before: Date): Promise<void> {
  await db.deleteFrom('casino_sessions').where('last_seen_at', '<', before).execute();
}

export interface ProviderSession {
  readonly clientId: string;
  readonly gameId: string;
}

/**
 * Uses a provider session: seen since `idleSince` and of a live bearer session, it is touched
 * (its row stays locked to the end of the transaction, so one session's calls run one at a time).
 */
export async function touchSession(
  tx: Tx,
  hash: Buffer,
  at: Date,
  idleSince: Date,
): Promise<ProviderSession | undefined> {
  const row = await tx
    .updateTable('casino_sessions')
    .set({ last_seen_at: at })
    .where('session_hash', '=', hash)
    .where('last_seen_at', '>', idleSince)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions')
          .select('sessions.id')
          .whereRef('sessions.id', '=', 'casino_sessions.session_id')
          .where('sessions.revoked_at', 'is', null),
      ),
    )
    .returning(['client_id', 'game_id'])
    .executeTakeFirst();
  return row && { clientId: row.client_id, gameId: row.game_id };
}

export async function clientProfile(
  db: Db | Tx,
  clientId: string,
): Promise<{ username: string; winLimitPaise: bigint | null } | undefined> {
  const row = await db
    .selectFrom('clients')
    .select(['username', 'casino_win_limit_paise'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  return (
    row && {
      username: row.username,
      winLimitPaise:
        row.casino_win_limit_paise === null ? null : BigInt(row.casino_win_limit_paise),
    }
  );
}

/** Sets (or with null clears) a client's winning limit; the client's id, or nothing when unknown. */
export async function setWinLimit(
  db: Db | Tx,
  username: string,
  paise: bigint | null,
): Promise<string | undefined> {
  const row = await db
    .updateTable('clients')
    .set({ casino_win_limit_paise: paise === null ? null : paise.toString() })
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export interface RoundRow {
  readonly roundId: string;
  /** Null only for a Debit refused for an unknown provider session. */
  readonly clientId: string | null;
  /** The game's id; '' for a Debit refused for an unknown provider session. */
  readonly gameId: string;
  /** What the round holds; 0 for a refused round, which holds nothing. */
  readonly stakePaise: bigint;
  readonly debitHash: Buffer;
  readonly debitAnswer: unknown;
  readonly status: CasinoRoundStatus;
  readonly creditHash: Buffer | null;
  readonly creditAnswer: unknown;
  readonly createdAt: Date;
  readonly settledAt: Date | null;
  readonly voidedAt: Date | null;
  readonly voidReason: string | null;
  /** The takes its stake was placed under (docs/agents.md#settlement-split); null before the network. */
  readonly takesId: string | null;
}

function rounds(db: Db | Tx) {
  return db
    .selectFrom('casino_rounds')
    .select([
      'round_id',
      'client_id',
      'game_id',
      'stake_paise',
      'debit_hash',
      'debit_answer',
      'status',
      'credit_hash',
      'credit_answer',
      'created_at',
      'settled_at',
      'voided_at',
      'void_reason',
      'takes_id',
    ]);
}

function toRound(
  row: Awaited<ReturnType<ReturnType<typeof rounds>['executeTakeFirstOrThrow']>>,
): RoundRow {
  return {
    roundId: row.round_id,
    clientId: row.client_id,
    gameId: row.game_id ?? '',
    stakePaise: BigInt(row.stake_paise ?? 0),
    debitHash: row.debit_hash,
    debitAnswer: row.debit_answer,
    status: row.status,
    creditHash: row.credit_hash,
    creditAnswer: row.credit_answer,
    createdAt: row.created_at,
    settledAt: row.settled_at,
    voidedAt: row.voided_at,
    voidReason: row.void_reason,
    takesId: row.takes_id,
  };
}

export async function findRound(db: Db | Tx, roundId: string): Promise<RoundRow | undefined> {
  const row = await rounds(db).where('round_id', '=', roundId).executeTakeFirst();
  return row && toRound(row);
}

/**
 * A round FOR UPDATE, for its settlement or void: concurrent credits and voids of one round run
 * one at a time.
 */
export async function lockRound(tx: Tx, roundId: string): Promise<RoundRow | undefined> {
  const row = await rounds(tx).where('round_id', '=', roundId).forUpdate().executeTakeFirst();
  return row && toRound(row);
}

/**
 * Opens a round under the client's takes of now; false when a round with this id exists already
 * (a concurrent Debit won).
 */
export async function insertRound(
  tx: Tx,
  round: {
    roundId: string;
    clientId: string;
    gameId: string;
    stakePaise: bigint;
    debitHash: Buffer;
    debitAnswer: unknown;
    at: Date;
  },
): Promise<boolean> {
  const row = await tx
    .insertInto('casino_rounds')
    .values({
      round_id: round.roundId,
      client_id: round.clientId,
      game_id: round.gameId,
      stake_paise: round.stakePaise.toString(),
      debit_hash: round.debitHash,
      debit_answer: JSON.stringify(round.debitAnswer),
      created_at: round.at,
      // The takes the client's stakes are placed under now (docs/agents.md#partnership, versions).
      takes_id: sql<string>`(SELECT takes_id FROM clients WHERE id = ${round.clientId})`,
    })
    .onConflict((oc) => oc.column('round_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Keeps a refused Debit against its round id (status 'refused', no stake); false when a round
 * with this id exists already (a concurrent Debit won).
 */
export async function insertRefusedRound(
  tx: Tx,
  round: {
    roundId: string;
    clientId: string | null;
    gameId: string | null;
    debitHash: Buffer;
    debitAnswer: unknown;
    at: Date;
  },
): Promise<boolean> {
  const row = await tx
    .insertInto('casino_rounds')
    .values({
      round_id: round.roundId,
      client_id: round.clientId,
      game_id: round.gameId,
      stake_paise: null,
      status: 'refused',
      debit_hash: round.debitHash,
      debit_answer: JSON.stringify(round.debitAnswer),
      created_at: round.at,
    })
    .onConflict((oc) => oc.column('round_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks an open round voided by an operator (its stake released by the caller). */
export async function voidRound(
  tx: Tx,
  voided: { roundId: string; reason: string; at: Date },
): Promise<void> {
  await tx
    .updateTable('casino_rounds')
    .set({ status: 'voided', voided_at: voided.at, void_reason: voided.reason })
    .where('round_id', '=', voided.roundId)
    .where('status', '=', 'open')
    .execute();
}

export interface OpenRoundRow {
  readonly roundId: string;
  readonly clientId: string;
  readonly username: string;
  readonly gameId: string;
  readonly stakePaise: bigint;
  readonly openedAt: Date;
}

/** Open rounds (a Debit without its Credit), opened before `olderThan` when given; oldest first. */
export async function openRounds(
  db: Db | Tx,
  olderThan: Date | undefined,
): Promise<OpenRoundRow[]> {
  let query = db
    .selectFrom('casino_rounds as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select([
      'r.round_id',
      'r.client_id',
      'c.username',
      'r.game_id',
      'r.stake_paise',
      'r.created_at',
    ])
    .where('r.status', '=', 'open');
  if (olderThan !== undefined) query = query.where('r.created_at', '<', olderThan);
  const rows = await query.orderBy('r.created_at').orderBy('r.id').execute();
  return rows.map((row) => ({
    roundId: row.round_id,
    clientId: row.client_id ?? '',
    username: row.username,
    gameId: row.game_id ?? '',
    stakePaise: BigInt(row.stake_paise ?? 0),
    openedAt: row.created_at,
  }));
}

export async function settleRound(
  tx: Tx,
  settled: {
    roundId: string;
    payoutPaise: bigint;
    paidPaise: bigint;
    detail: string;
    creditHash: Buffer;
    creditAnswer: unknown;
    txnId: string | null;
    at: Date;
  },
): Promise<void> {
  await tx
    .updateTable('casino_rounds')
    .set({
      status: 'settled',
      payout_paise: settled.payoutPaise.toString(),
      paid_paise: settled.paidPaise.toString(),
      detail: settled.detail,
      credit_hash: settled.creditHash,
      credit_answer: JSON.stringify(settled.creditAnswer),
      txn_id: settled.txnId,
      settled_at: settled.at,
    })
    .where('round_id', '=', settled.roundId)
    .where('status', '=', 'open')
    .execute();
}

/** The hold of a round: position key `casino:{roundId}` (docs/decisions.md#money exposure). */
export const roundPositionKey = (roundId: string) => `casino:${roundId}`;
