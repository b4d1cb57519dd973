import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import { SESSION_END, type SessionEnd } from './session-end.js';

export interface ClientCredentials {
  readonly id: string;
  readonly username: string;
  readonly passwordHash: string;
  /** A time-out or self-exclusion (docs/safer-gambling.md); until null: permanent. */
  readonly exclusion: {
    readonly kind: 'time_out' | 'self_exclusion';
    readonly until: Date | null;
  } | null;
  /** The session limit in force at the login's time, in minutes; null: none. */
  readonly sessionLimitMin: number | null;
  /** Its own login lock or an ancestor's (docs/agents.md#controls). */
  readonly loginLocked: boolean;
}

/** A client's credentials, exclusion and session limit at `at`, found by username. */
export async function findClientByUsername(
  db: Db | Tx,
  username: string,
  at: Date,
): Promise<ClientCredentials | undefined> {
  const row = await db
    .selectFrom('clients')
    .select([
      'id',
      'username',
      'password_hash',
      'excluded_kind',
      'excluded_until',
      sql<boolean>`login_locked_at IS NOT NULL OR ancestor_login_locked`.as('login_locked'),
      sql<string | null>`(SELECT limit_in_force(l, ${at}) FROM client_limits l
        WHERE l.client_id = clients.id AND l.kind = 'session')`.as('session_limit_min'),
    ])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      username: row.username,
      passwordHash: row.password_hash,
      exclusion: row.excluded_kind ? { kind: row.excluded_kind, until: row.excluded_until } : null,
      loginLocked: row.login_locked,
      sessionLimitMin: row.session_limit_min === null ? null : Number(row.session_limit_min),
    }
  );
}

export interface ThrottleRow {
  readonly key: string;
  readonly failures: number;
  readonly blockedUntil: Date | null;
  readonly lastFailureAt: Date;
}

export async function readThrottles(db: Db, keys: readonly string[]): Promise<ThrottleRow[]> {
  const rows = await db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).execute();
  return rows.map((row) => ({
    key: row.key,
    failures: row.failures,
    blockedUntil: row.blocked_until,
    lastFailureAt: row.last_failure_at,
  }));
}

export async function writeThrottle(db: Db, row: ThrottleRow): Promise<void> {
  await db
    .insertInto('login_throttle')
    .values({
      key: row.key,
      failures: row.failures,
      blocked_until: row.blockedUntil,
      last_failure_at: row.lastFailureAt,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: row.failures,
        blocked_until: row.blockedUntil,
        last_failure_at: row.lastFailureAt,
      }),
    )
    .execute();
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

export async function recordLoginEvent(
  db: Db,
  event: {
    clientId: string | null;
    username: string;
    socketAddress: string;
    claimedAddress: string | null;
    latLong: string;
    outcome: 'success' | 'bad_credentials' | 'throttled' | 'excluded' | 'locked';
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('login_events')
    .values({
      client_id: event.clientId,
      username: event.username,
      socket_address: event.socketAddress,
      claimed_address: event.claimedAddress,
      lat_long: event.latLong,
      outcome: event.outcome,
      created_at: event.at,
    })
    .execute();
}

/** Locks the client row so two logins of one client replace sessions one after the other. */
export async function lockClient(tx: Tx, clientId: string): Promise<void> {
  await tx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().execute();
}

/** Revokes every live session of the client; answers their token hashes (the cache's keys). */
export async function revokeActiveSessions(
  tx: Tx | Db,
  clientId: string,
  at: Date,
  reason: SessionEnd,
): Promise<Buffer[]> {
  const rows = await tx
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  return rows.map((row) => row.token_hash);
}

export async function insertSession(
  tx: Tx,
  session: {
    clientId: string;
    tokenHash: Buffer;
    validityValue: string;
    at: Date;
    endsAt: Date | null;
  },
): Promise<void> {
  await tx
    .insertInto('sessions')
    .values({
      client_id: session.clientId,
      token_hash: session.tokenHash,
      validity_value: session.validityValue,
      created_at: session.at,
      last_seen_at: session.at,
      ends_at: session.endsAt,
    })
    .execute();
}

export interface SessionRow {
  readonly id: string;
  readonly clientId: string;
  readonly username: string;
  readonly validityValue: string;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  /** When the client's session limit ends it; null: no limit. */
  readonly endsAt: Date | null;
  readonly revokedAt: Date | null;
  /** Null while live, and for a text no release of ours writes. */
  readonly revokedReason: SessionEnd | null;
}

const SESSION_ENDS: ReadonlySet<string> = new Set(Object.values(SESSION_END));
const asSessionEnd = (reason: string | null): SessionEnd | null =>
  reason !== null && SESSION_ENDS.has(reason) ? (reason as SessionEnd) : null;

export async function findSessionByTokenHash(
  db: Db,
  tokenHash: Buffer,
): Promise<SessionRow | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('clients', 'clients.id', 'sessions.client_id')
    .select([
      'sessions.id',
      'sessions.client_id',
      'clients.username',
      'sessions.validity_value',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.revoked_at',
      'sessions.revoked_reason',
      'sessions.ends_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      clientId: row.client_id,
      username: row.username,
      validityValue: row.validity_value,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      revokedAt: row.revoked_at,
      revokedReason: asSessionEnd(row.revoked_reason),
      endsAt: row.ends_at,
    }
  );
}

export async function touchSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

/** Revokes one live session; answers its token hash, or none when it had ended already. */
export async function revokeSession(
  db: Db,
  sessionId: string,
  at: Date,
  reason: SessionEnd,
): Promise<Buffer[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  return rows.map((row) => row.token_hash);
}

export async function readPasswordHash(db: Db, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('clients')
    .select('password_hash')
    .where('id', '=', clientId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function writePasswordHash(
  tx: Tx,
  clientId: string,
  passwordHash: string,
): Promise<void> {
  await tx
    .updateTable('clients')
    .set({ password_hash: passwordHash })
    .where('id', '=', clientId)
    .execute();
}

/** Revokes every live session of the client but one; answers their token hashes. */
export async function revokeOtherSessions(
  tx: Tx,
  clientId: string,
  keepSessionId: string,
  at: Date,
  reason: SessionEnd,
): Promise<Buffer[]> {
  const rows = await tx
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('client_id', '=', clientId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  return rows.map((row) => row.token_hash);
}

/**
 * Brings the end of the client's live sessions forward to `minutes` after each began (a lowered
 * session limit holds at once); a later end is never set. The trigger of db/functions/notify.sql tells
 * every instance.
 */
export async function limitClientSessions(
  tx: Tx,
  clientId: string,
  minutes: number,
): Promise<void> {
  await sql`UPDATE sessions SET ends_at = created_at + make_interval(mins => ${minutes})
    WHERE client_id = ${clientId} AND revoked_at IS NULL
      AND (ends_at IS NULL OR ends_at > created_at + make_interval(mins => ${minutes}))`.execute(
    tx,
  );
}

/** When a session began and when the session limit ends it. */
export async function sessionTimes(
  db: Db,
  sessionId: string,
): Promise<{ startedAt: Date; endsAt: Date | null }> {
  const row = await db
    .selectFrom('sessions')
    .select(['created_at', 'ends_at'])
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return { startedAt: row.created_at, endsAt: row.ends_at };
}
