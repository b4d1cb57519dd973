import { sql, type Selectable } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { AgentsTable, ClientsTable } from '../../db/schema.js';

/*
 * The agent network's SQL (docs/agents.md): users above the clients, their settings and their
 * takes' versions, and the tree columns of clients. Plain rows; every decision is the service's.
 * Locks on agents rows are always taken in ascending id order, which is top down: a user is
 * created after its parent, so its id is larger (docs/decisions.md#money, one lock order).
 */

export type AgentLevelAbove = AgentsTable['level'];

/** A user above the clients, as the service reads it. */
export interface AgentRow {
  readonly id: string;
  readonly username: string;
  readonly level: AgentLevelAbove;
  readonly parentId: string | null;
  /** The ancestors, top down, the admin first; empty for the admin. */
  readonly path: readonly string[];
  readonly partnershipBp: number;
  readonly matchCommissionBp: number;
  readonly sessionCommissionBp: number;
  readonly creditReferencePaise: bigint;
  readonly loginLockedAt: Date | null;
  readonly bettingLockedAt: Date | null;
  readonly takesId: string | null;
  readonly passwordHash: string | null;
  readonly transactionPasswordHash: string | null;
  readonly totpSecret: string | null;
  /** What a visitor gives to sign up under this user (docs/agents.md#sign-up); null for the admin. */
  readonly referralCode: string | null;
  readonly createdAt: Date;
}

export function agentRowOf(row: Selectable<AgentsTable>): AgentRow {
  return {
    id: row.id,
    username: row.username,
    level: row.level,
    parentId: row.parent_id,
    path: row.path.map(String),
    partnershipBp: row.partnership_bp,
    matchCommissionBp: row.match_commission_bp,
    sessionCommissionBp: row.session_commission_bp,
    creditReferencePaise: BigInt(row.credit_reference_paise),
    loginLockedAt: row.login_locked_at,
    bettingLockedAt: row.betting_locked_at,
    takesId: row.takes_id,
    passwordHash: row.password_hash,
    transactionPasswordHash: row.transaction_password_hash,
    totpSecret: row.totp_secret,
    referralCode: row.referral_code,
    createdAt: row.created_at,
  };
}

/** A client as the tree sees it. */
export interface ClientTreeRow {
  readonly id: string;
  readonly username: string;
  readonly parentId: string;
  readonly path: readonly string[];
  readonly takesId: string;
  readonly creditReferencePaise: bigint;
  readonly matchCommissionBp: number;
  readonly sessionCommissionBp: number;
  readonly exposureLimitPaise: bigint | null;
  readonly loginLockedAt: Date | null;
  readonly bettingLockedAt: Date | null;
  readonly ancestorLoginLocked: boolean;
  readonly ancestorBettingLocked: boolean;
}

function clientRowOf(row: Selectable<ClientsTable>): ClientTreeRow {
  return {
    id: row.id,
    username: row.username,
    parentId: row.parent_id,
    path: row.path.map(String),
    takesId: row.takes_id,
    creditReferencePaise: BigInt(row.credit_reference_paise),
    matchCommissionBp: row.match_commission_bp,
    sessionCommissionBp: row.session_commission_bp,
    exposureLimitPaise: row.exposure_limit_paise === null ? null : BigInt(row.exposure_limit_paise),
    loginLockedAt: row.login_locked_at,
    bettingLockedAt: row.betting_locked_at,
    ancestorLoginLocked: row.ancestor_login_locked,
    ancestorBettingLocked: row.ancestor_betting_locked,
  };
}

export async function findAgent(db: Db | Tx, agentId: string): Promise<AgentRow | undefined> {
  const row = await db
    .selectFrom('agents')
    .selectAll()
    .where('id', '=', agentId)
    .executeTakeFirst();
  return row && agentRowOf(row);
}

/** Agents rows of `ids`, without a lock. */
export async function findAgents(db: Db | Tx, ids: readonly string[]): Promise<AgentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('agents')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(agentRowOf);
}

export async function findAgentByUsername(
  db: Db | Tx,
  username: string,
): Promise<AgentRow | undefined> {
  const row = await db
    .selectFrom('agents')
    .selectAll()
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row && agentRowOf(row);
}

export async function findAdmin(db: Db | Tx): Promise<AgentRow> {
  const row = await db
    .selectFrom('agents')
    .selectAll()
    .where('level', '=', 'admin')
    .executeTakeFirstOrThrow();
  return agentRowOf(row);
}

/** Agents rows of `ids`, locked FOR SHARE or FOR UPDATE in ascending id order. */
export async function lockAgents(
  tx: Tx,
  ids: readonly string[],
  mode: 'share' | 'update',
): Promise<Map<string, AgentRow>> {
  if (ids.length === 0) return new Map();
  const query = tx
    .selectFrom('agents')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id');
  const rows = await (mode === 'share' ? query.forShare() : query.forUpdate()).execute();
  return new Map(rows.map((row) => [row.id, agentRowOf(row)]));
}

/**
 * Every agent strictly below `rootId`, locked FOR UPDATE in ascending id order. Its own statement
 * after the root's lock: a user created under the root before that lock was granted is seen.
 */
export async function lockSubtreeAgents(tx: Tx, rootId: string): Promise<AgentRow[]> {
  const rows = await tx
    .selectFrom('agents')
    .selectAll()
    .where(sql<boolean>`path @> ARRAY[${rootId}]::bigint[]`)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map(agentRowOf);
}

export async function findClientRow(
  db: Db | Tx,
  clientId: string,
): Promise<ClientTreeRow | undefined> {
  const row = await db
    .selectFrom('clients')
    .selectAll()
    .where('id', '=', clientId)
    .executeTakeFirst();
  return row && clientRowOf(row);
}

/** Inserts a user above the clients: its id, or which unique key another row holds already. */
export async function insertAgent(
  tx: Tx,
  agent: {
    username: string;
    passwordHash: string;
    level: Exclude<AgentLevelAbove, 'admin'>;
    parentId: string;
    path: readonly string[];
    partnershipBp: number;
    matchCommissionBp: number;
    sessionCommissionBp: number;
    creditReferencePaise: bigint;
    referralCode: string;
    at: Date;
  },
): Promise<{ id: string } | 'taken' | 'code-taken'> {
  const row = await tx
    .insertInto('agents')
    .values({
      username: agent.username,
      password_hash: agent.passwordHash,
      level: agent.level,
      parent_id: agent.parentId,
      path: [...agent.path],
      partnership_bp: agent.partnershipBp,
      match_commission_bp: agent.matchCommissionBp,
      session_commission_bp: agent.sessionCommissionBp,
      credit_reference_paise: agent.creditReferencePaise.toString(),
      referral_code: agent.referralCode,
      created_at: agent.at,
    })
    // Either unique key: the username (claimed before, so a guard) or the referral code drawn.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return { id: row.id };
  return (await findAgentByUsername(tx, agent.username)) ? 'taken' : 'code-taken';
}

/** Inserts one takes version per agent ([[agentId, takeBp], …] top down); answers agentId → id. */
export async function insertTakes(
  tx: Tx,
  versions: readonly { agentId: string; takes: readonly (readonly [number, number])[] }[],
  at: Date,
): Promise<Map<string, string>> {
  if (versions.length === 0) return new Map();
  const rows = await tx
    .insertInto('agent_takes')
    .values(
      versions.map((version) => ({
        agent_id: version.agentId,
        takes: JSON.stringify(version.takes),
        created_at: at,
      })),
    )
    .returning(['id', 'agent_id'])
    .execute();
  return new Map(rows.map((row) => [String(row.agent_id), row.id]));
}

/** Points each agent at its new takes version. */
export async function setTakesIds(tx: Tx, takesIds: ReadonlyMap<string, string>): Promise<void> {
  if (takesIds.size === 0) return;
  await sql`UPDATE agents a SET takes_id = v.takes_id
    FROM unnest(${[...takesIds.keys()]}::bigint[], ${[...takesIds.values()]}::bigint[])
      AS v(agent_id, takes_id)
    WHERE a.id = v.agent_id`.execute(tx);
}

/**
 * Every client of `rootId` or of an agent below it takes its parent's current takes: their next
 * bets are placed under the new version, open bets keep theirs (docs/agents.md#partnership).
 * Answers how many clients moved.
 */
export async function moveClientsToCurrentTakes(tx: Tx, rootId: string): Promise<number> {
  const result = await sql`UPDATE clients c SET takes_id = a.takes_id FROM agents a
    WHERE c.parent_id = a.id AND (a.id = ${rootId}::bigint OR a.path @> ARRAY[${rootId}]::bigint[])
      AND c.takes_id IS DISTINCT FROM a.takes_id`.execute(tx);
  return Number(result.numAffectedRows ?? 0n);
}

export type AgentChange = Partial<{
  partnership_bp: number;
  match_commission_bp: number;
  session_commission_bp: number;
  credit_reference_paise: string;
  login_locked_at: Date | null;
  betting_locked_at: Date | null;
  password_hash: string;
  transaction_password_hash: string;
  takes_id: string;
  totp_secret: string | null;
  last_totp_step: string | null;
}>;

export async function updateAgent(
  tx: Tx | Db,
  agentId: string,
  change: AgentChange,
): Promise<void> {
  await tx.updateTable('agents').set(change).where('id', '=', agentId).execute();
}

export type ClientChange = Partial<{
  match_commission_bp: number;
  session_commission_bp: number;
  credit_reference_paise: string;
  exposure_limit_paise: string | null;
  login_locked_at: Date | null;
  betting_locked_at: Date | null;
  password_hash: string;
}>;

export async function updateClient(tx: Tx, clientId: string, change: ClientChange): Promise<void> {
  await tx.updateTable('clients').set(change).where('id', '=', clientId).execute();
}

/** The highest settings among the direct children of an agent (0 when it has none). */
export async function childrenMaxima(
  db: Db | Tx,
  agentId: string,
): Promise<{ partnershipBp: number; matchCommissionBp: number; sessionCommissionBp: number }> {
  const { rows } = await sql<{ partnership: number; match: number; session: number }>`SELECT
      coalesce((SELECT max(partnership_bp) FROM agents WHERE parent_id = ${agentId}::bigint), 0)
        AS partnership,
      greatest(
        coalesce((SELECT max(match_commission_bp) FROM agents WHERE parent_id = ${agentId}::bigint), 0),
        coalesce((SELECT max(match_commission_bp) FROM clients WHERE parent_id = ${agentId}::bigint), 0))
        AS match,
      greatest(
        coalesce((SELECT max(session_commission_bp) FROM agents WHERE parent_id = ${agentId}::bigint), 0),
        coalesce((SELECT max(session_commission_bp) FROM clients WHERE parent_id = ${agentId}::bigint), 0))
        AS session`.execute(db);
  const row = rows[0];
  return {
    partnershipBp: Number(row?.partnership ?? 0),
    matchCommissionBp: Number(row?.match ?? 0),
    sessionCommissionBp: Number(row?.session ?? 0),
  };
}

/**
 * Copies the locks of the agents above every client at or below `rootId` (or of one client) to
 * its flags, as bet_place reads them from the client's row alone (docs/agents.md#controls).
 */
export async function copyLocksDown(
  tx: Tx,
  scope: { readonly rootId: string } | { readonly clientId: string },
): Promise<void> {
  const where =
    'rootId' in scope
      ? sql`c.path @> ARRAY[${scope.rootId}]::bigint[]`
      : sql`c.id = ${scope.clientId}::bigint`;
  await sql`UPDATE clients c SET
      ancestor_login_locked = EXISTS (SELECT 1 FROM agents a
        WHERE a.id = ANY (c.path) AND a.login_locked_at IS NOT NULL),
      ancestor_betting_locked = EXISTS (SELECT 1 FROM agents a
        WHERE a.id = ANY (c.path) AND a.betting_locked_at IS NOT NULL)
    WHERE ${where}`.execute(tx);
}
