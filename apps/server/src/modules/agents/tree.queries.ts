import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { AgentLevelAbove } from './agents.queries.js';

/*
 * The tree's reads (docs/agents.md#controls): who is below whom, through the `path` columns and
 * their GIN indexes. A user's subtree is every agent and client whose path holds its id.
 */

/** A user below an actor: an agent or a client, by id. */
export interface Member {
  readonly kind: 'agent' | 'client';
  readonly id: string;
  readonly username: string;
  readonly parentId: string;
}

/** The user named `username` (any case) strictly below `actorId`, or undefined. */
export async function findBelow(
  db: Db | Tx,
  actorId: string,
  username: string,
): Promise<Member | undefined> {
  const name = username.toLowerCase();
  const { rows } = await sql<{
    kind: 'agent' | 'client';
    id: string;
    username: string;
    parent_id: string;
  }>`SELECT 'agent' AS kind, id::text, username, parent_id::text FROM agents
      WHERE lower(username) = ${name} AND path @> ARRAY[${actorId}]::bigint[]
    UNION ALL
    SELECT 'client', id::text, username, parent_id::text FROM clients
      WHERE lower(username) = ${name} AND path @> ARRAY[${actorId}]::bigint[]
    ORDER BY kind
    LIMIT 1`.execute(db);
  const row = rows[0];
  return row && { kind: row.kind, id: row.id, username: row.username, parentId: row.parent_id };
}

/** Every agent and client strictly below `actorId`, by id. */
export async function membersBelow(
  db: Db | Tx,
  actorId: string,
): Promise<{ agentIds: string[]; clientIds: string[] }> {
  const [agents, clients] = await Promise.all([
    db
      .selectFrom('agents')
      .select('id')
      .where(sql<boolean>`path @> ARRAY[${actorId}]::bigint[]`)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('clients')
      .select('id')
      .where(sql<boolean>`path @> ARRAY[${actorId}]::bigint[]`)
      .orderBy('id')
      .execute(),
  ]);
  return { agentIds: agents.map((row) => row.id), clientIds: clients.map((row) => row.id) };
}

/** One direct child as the downline lists it, before its balances. */
export interface ChildRow {
  readonly kind: 'agent' | 'client';
  readonly id: string;
  readonly username: string;
  readonly level: AgentLevelAbove | 'client';
  readonly creditReferencePaise: bigint;
  /** Null for a client. */
  readonly partnershipBp: number | null;
  readonly matchCommissionBp: number;
  readonly sessionCommissionBp: number;
  readonly exposureLimitPaise: bigint | null;
  /** Its own lock or an ancestor's. */
  readonly loginLocked: boolean;
  readonly bettingLocked: boolean;
  readonly createdAt: Date;
}

/** `prefix` as a LIKE pattern of the usernames that start with it, in any case. */
function prefixPattern(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The direct children of `parentId`, agents and clients together, whose username starts with
 * `search` (any case), by username: one page and the count of all that match.
 */
export async function childrenPage(
  db: Db | Tx,
  filter: { parentId: string; search: string | undefined; skip: number; take: number },
): Promise<{ total: number; rows: ChildRow[] }> {
  const pattern = prefixPattern(filter.search ?? '');
  const children = sql`(
    SELECT 'agent' AS kind, a.id, a.username, a.level, a.credit_reference_paise,
      a.partnership_bp, a.match_commission_bp, a.session_commission_bp,
      NULL::bigint AS exposure_limit_paise,
      EXISTS (SELECT 1 FROM agents x WHERE (x.id = a.id OR x.id = ANY (a.path))
        AND x.login_locked_at IS NOT NULL) AS login_locked,
      EXISTS (SELECT 1 FROM agents x WHERE (x.id = a.id OR x.id = ANY (a.path))
        AND x.betting_locked_at IS NOT NULL) AS betting_locked,
      a.created_at
    FROM agents a WHERE a.parent_id = ${filter.parentId}::bigint
      AND lower(a.username) LIKE ${pattern} ESCAPE '\\'
    UNION ALL
    SELECT 'client', c.id, c.username, 'client', c.credit_reference_paise,
      NULL, c.match_commission_bp, c.session_commission_bp, c.exposure_limit_paise,
      c.login_locked_at IS NOT NULL OR c.ancestor_login_locked,
      c.betting_locked_at IS NOT NULL OR c.ancestor_betting_locked,
      c.created_at
    FROM clients c WHERE c.parent_id = ${filter.parentId}::bigint
      AND lower(c.username) LIKE ${pattern} ESCAPE '\\'
  ) AS k`;
  const [counted, page] = await Promise.all([
    sql<{ total: string }>`SELECT count(*) AS total FROM ${children}`.execute(db),
    sql<{
      kind: 'agent' | 'client';
      id: string;
      username: string;
      level: AgentLevelAbove | 'client';
      credit_reference_paise: string;
      partnership_bp: number | null;
      match_commission_bp: number;
      session_commission_bp: number;
      exposure_limit_paise: string | null;
      login_locked: boolean;
      betting_locked: boolean;
      created_at: Date;
    }>`SELECT * FROM ${children}
      ORDER BY lower(k.username), k.kind, k.id
      OFFSET ${filter.skip} LIMIT ${filter.take}`.execute(db),
  ]);
  return {
    total: Number(counted.rows[0]?.total ?? 0),
    rows: page.rows.map((row) => ({
      kind: row.kind,
      id: String(row.id),
      username: row.username,
      level: row.level,
      creditReferencePaise: BigInt(row.credit_reference_paise),
      partnershipBp: row.partnership_bp,
      matchCommissionBp: row.match_commission_bp,
      sessionCommissionBp: row.session_commission_bp,
      exposureLimitPaise:
        row.exposure_limit_paise === null ? null : BigInt(row.exposure_limit_paise),
      loginLocked: row.login_locked,
      bettingLocked: row.betting_locked,
      createdAt: row.created_at,
    })),
  };
}

/** Username and level of agents by id, in the order given (a breadcrumb). */
export async function agentNames(
  db: Db | Tx,
  ids: readonly string[],
): Promise<{ id: string; username: string; level: AgentLevelAbove }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('agents')
    .select(['id', 'username', 'level'])
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: row.id, username: row.username, level: row.level }] : [];
  });
}
