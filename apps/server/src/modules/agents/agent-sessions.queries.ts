import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { AgentLevelAbove } from './agents.queries.js';

/*
 * The back-office sessions of users above the clients (agent_sessions), and the revocations a
 * lock or a new password makes: an agent's, its subtree's, and its clients' (sessions).
 */

export async function insertAgentSession(
  tx: Tx | Db,
  row: { agentId: string; tokenHash: Buffer; at: Date },
): Promise<string> {
  const inserted = await tx
    .insertInto('agent_sessions')
    .values({
      agent_id: row.agentId,
      token_hash: row.tokenHash,
      created_at: row.at,
      last_seen_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export interface AgentSessionRow {
  readonly sessionId: string;
  readonly agentId: string;
  readonly username: string;
  readonly level: AgentLevelAbove;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly revokedAt: Date | null;
  /** The agent or an ancestor holds a login lock. */
  readonly loginLocked: boolean;
}

export async function findAgentSession(
  db: Db,
  tokenHash: Buffer,
): Promise<AgentSessionRow | undefined> {
  const row = await db
    .selectFrom('agent_sessions as s')
    .innerJoin('agents as a', 'a.id', 's.agent_id')
    .select([
      's.id as session_id',
      'a.id as agent_id',
      'a.username',
      'a.level',
      's.created_at',
      's.last_seen_at',
      's.revoked_at',
      sql<boolean>`EXISTS (SELECT 1 FROM agents x WHERE (x.id = a.id OR x.id = ANY (a.path))
        AND x.login_locked_at IS NOT NULL)`.as('login_locked'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return (
    row && {
      sessionId: row.session_id,
      agentId: row.agent_id,
      username: row.username,
      level: row.level,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      revokedAt: row.revoked_at,
      loginLocked: row.login_locked,
    }
  );
}

export async function touchAgentSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db
    .updateTable('agent_sessions')
    .set({ last_seen_at: at })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeAgentSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db
    .updateTable('agent_sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends the live sessions of an agent, and with `subtree` of every agent below it too. */
export async function revokeAgentSessions(
  tx: Tx,
  agentId: string,
  at: Date,
  subtree: boolean,
): Promise<number> {
  const result = await sql`UPDATE agent_sessions s SET revoked_at = ${at}
    FROM agents a
    WHERE s.agent_id = a.id AND s.revoked_at IS NULL
      AND (a.id = ${agentId}::bigint
        OR (${subtree} AND a.path @> ARRAY[${agentId}]::bigint[]))`.execute(tx);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * Ends the live sessions of one client, or of every client below an agent; `reason` is what
 * sessions.revoked_reason keeps (the revocation trigger tells every instance's cache).
 */
export async function revokeClientSessions(
  tx: Tx,
  scope: { readonly clientId: string } | { readonly rootId: string },
  at: Date,
  reason: string,
): Promise<number> {
  const clients =
    'clientId' in scope
      ? sql`s.client_id = ${scope.clientId}::bigint`
      : sql`s.client_id IN (SELECT id FROM clients WHERE path @> ARRAY[${scope.rootId}]::bigint[])`;
  const result = await sql`UPDATE sessions s SET revoked_at = ${at}, revoked_reason = ${reason}
    WHERE s.revoked_at IS NULL AND ${clients}`.execute(tx);
  return Number(result.numAffectedRows ?? 0n);
}

/** Takes a TOTP step for the agent unless one at or after it was taken (a code works once). */
export async function takeAgentTotpStep(tx: Tx, agentId: string, step: number): Promise<boolean> {
  const row = await tx
    .updateTable('agents')
    .set({ last_totp_step: step })
    .where('id', '=', agentId)
    .where((eb) =>
      eb.or([eb('last_totp_step', 'is', null), eb('last_totp_step', '<', String(step))]),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
