import { sql } from 'kysely';
import type { PageWindow } from '../../db/day-window.js';
import type { Db, Tx } from '../../db/pool.js';
import type { BetsTable } from '../../db/schema.js';
import type { AgentLevelAbove } from './agents.queries.js';

/*
 * The open bets of a subtree (docs/agents.md#partnership, #controls): summed per position, side
 * and line with the actor's take in the version each bet was placed under, the names of their
 * markets and sessions, and the current bets listed (SQL only, plain rows). A subtree is every
 * client whose path holds the user's id (the GIN index on clients.path); open bets are read
 * through the partial index of the Pending bets.
 */

/**
 * The open bets below `rootId` on one side of one selection (and, for fancy, one line) under one
 * take of the actor's, summed: a book is a sum over bets, so they add up to one bet of the summed
 * figures (as the house's book sums them, modules/risk). `childId` groups them by the direct
 * child of `rootId` they are below (the drill-down).
 */
export interface SubtreeStake {
  readonly eventId: string;
  /** The market id, or the fancy session's selection id. */
  readonly positionKey: string;
  readonly marketType: BetsTable['market_type'];
  readonly selectionId: string;
  readonly betType: BetsTable['bet_type'];
  /** The fancy line in runs; 0 on every other market. */
  readonly line: number;
  /** The actor's take of these bets, in basis points (0 when its takes do not name the actor). */
  readonly takeBp: number;
  readonly profitPaise: string;
  readonly liabilityPaise: string;
  readonly bets: number;
}

export interface ChildStake extends SubtreeStake {
  /** The direct child of the root the bets are below: an agent's id, or the client's own. */
  readonly childId: string;
  readonly childIsClient: boolean;
}

interface StakeFilter {
  /** The user whose takes are read. */
  readonly actorId: string;
  /** Whether the actor is the admin, whose take of a bet placed before the network is 100 %. */
  readonly actorIsAdmin: boolean;
  /** The subtree read: the actor's, or that of a user below it. */
  readonly rootId: string;
  /** One market or session only. */
  readonly positionKey?: string;
}

interface StakeColumns {
  event_id: string;
  position_key: string;
  market_type: BetsTable['market_type'];
  selection_id: string;
  bet_type: BetsTable['bet_type'];
  line: string;
  take_bp: number;
  profit_paise: string;
  liability_paise: string;
  bets: string;
  child_id: string;
  child_is_client: boolean;
}

async function stakeRows(db: Db | Tx, filter: StakeFilter, byChild: boolean) {
  const { actorId, rootId } = filter;
  const child = byChild
    ? sql`coalesce(c.path[array_position(c.path, ${rootId}::bigint) + 1], c.id)`
    : sql`0::bigint`;
  const childIsClient = byChild
    ? sql`c.path[array_position(c.path, ${rootId}::bigint) + 1] IS NULL`
    : sql`false`;
  const line = sql`CASE WHEN b.market_type = 'FANCY' THEN b.odds ELSE 0 END`;
  const { rows } = await sql<StakeColumns>`WITH mine AS (
      SELECT t.id, (e.value->>1)::int AS take_bp
      FROM agent_takes t CROSS JOIN LATERAL jsonb_array_elements(t.takes) AS e(value)
      WHERE (e.value->>0)::bigint = ${actorId}::bigint
    )
    SELECT b.event_id::text, b.position_key, b.market_type, b.selection_id, b.bet_type,
      ${line} AS line,
      coalesce(mine.take_bp,
        CASE WHEN b.takes_id IS NULL AND ${filter.actorIsAdmin} THEN 10000 ELSE 0 END) AS take_bp,
      sum(b.profit_paise) AS profit_paise, sum(b.liability_paise) AS liability_paise,
      count(*) AS bets, ${child}::text AS child_id, ${childIsClient} AS child_is_client
    FROM bets b
    JOIN clients c ON c.id = b.client_id
    LEFT JOIN mine ON mine.id = b.takes_id
    WHERE b.status = 'Pending' AND c.path @> ARRAY[${rootId}]::bigint[]
      ${filter.positionKey === undefined ? sql`` : sql`AND b.position_key = ${filter.positionKey}`}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 11, 12`.execute(db);
  return rows.map((row) => ({
    eventId: row.event_id,
    positionKey: row.position_key,
    marketType: row.market_type,
    selectionId: row.selection_id,
    betType: row.bet_type,
    line: Number(row.line),
    takeBp: Number(row.take_bp),
    profitPaise: row.profit_paise,
    liabilityPaise: row.liability_paise,
    bets: Number(row.bets),
    childId: row.child_id,
    childIsClient: row.child_is_client,
  }));
}

/** Every open bet below the actor, summed per position, side, line and the actor's take. */
export async function subtreeStakes(
  db: Db | Tx,
  filter: Omit<StakeFilter, 'rootId' | 'positionKey'>,
): Promise<SubtreeStake[]> {
  return stakeRows(db, { ...filter, rootId: filter.actorId }, false);
}

/** The open bets below `rootId` on one market or session, summed as above per direct child. */
export async function childStakes(
  db: Db | Tx,
  filter: StakeFilter & { readonly positionKey: string },
): Promise<ChildStake[]> {
  return stakeRows(db, filter, true);
}

/** Usernames and levels of the direct children by id (agents and clients). */
export async function childNames(
  db: Db | Tx,
  children: readonly { id: string; isClient: boolean }[],
): Promise<Map<string, { username: string; level: AgentLevelAbove | 'client' }>> {
  const agents = children.filter((child) => !child.isClient).map((child) => child.id);
  const clients = children.filter((child) => child.isClient).map((child) => child.id);
  const { rows } = await sql<{
    key: string;
    username: string;
    level: AgentLevelAbove | 'client';
  }>`SELECT 'agent:' || id AS key, username, level FROM agents
      WHERE id = ANY (${agents}::bigint[])
    UNION ALL
    SELECT 'client:' || id, username, 'client' FROM clients
      WHERE id = ANY (${clients}::bigint[])`.execute(db);
  return new Map(rows.map((row) => [row.key, { username: row.username, level: row.level }]));
}

// ---------------------------------------------------------------- names

/** A market (one row per runner, in order) or a fancy session, with its event. */
export interface BookTargetRow {
  readonly kind: 'market' | 'fancy';
  readonly target: string;
  readonly name: string;
  readonly marketType: string;
  readonly eventId: string;
  readonly eventName: string;
  readonly startTime: Date;
  /** Its place in its event: markets as made, sessions in the feed's order. */
  readonly sortKey: number;
  readonly selectionId: string | null;
  readonly runnerName: string | null;
}

/** The markets and fancy sessions named, with their runners and events: one statement. */
export async function bookTargets(
  db: Db | Tx,
  marketIds: readonly string[],
  fancyIds: readonly string[],
): Promise<BookTargetRow[]> {
  if (marketIds.length === 0 && fancyIds.length === 0) return [];
  const { rows } = await sql<{
    kind: 'market' | 'fancy';
    target: string;
    name: string;
    market_type: string;
    event_id: string;
    event_name: string;
    start_time: Date;
    sort_key: number;
    selection_id: string | null;
    runner_name: string | null;
  }>`SELECT * FROM (
      SELECT 'market' AS kind, m.id AS target, m.name, m.market_type, e.id::text AS event_id,
        e.name AS event_name, e.start_time,
        dense_rank() OVER (PARTITION BY m.event_id ORDER BY m.created_at, m.id)::float8 AS sort_key,
        coalesce(r.sort_priority, 0) AS runner_order,
        r.selection_id::text AS selection_id, r.name AS runner_name
      FROM markets m JOIN events e ON e.id = m.event_id
      LEFT JOIN runners r ON r.market_id = m.id
      WHERE m.id = ANY (${[...marketIds]}::text[])
      UNION ALL
      SELECT 'fancy', f.selection_id, f.name, 'FANCY', e.id::text, e.name, e.start_time,
        f.sort_priority::float8, 0, NULL, NULL
      FROM fancy_runners f JOIN events e ON e.id = f.event_id
      WHERE f.selection_id = ANY (${[...fancyIds]}::text[])
    ) t
    ORDER BY t.event_id, t.kind, t.sort_key, t.target, t.runner_order`.execute(db);
  return rows.map((row) => ({
    kind: row.kind,
    target: row.target,
    name: row.name,
    marketType: row.market_type,
    eventId: row.event_id,
    eventName: row.event_name,
    startTime: row.start_time,
    sortKey: Number(row.sort_key),
    selectionId: row.selection_id,
    runnerName: row.runner_name,
  }));
}

// ---------------------------------------------------------------- current bets

export interface OpenBetRow {
  readonly betId: string;
  readonly username: string;
  readonly eventId: string;
  readonly eventName: string;
  /** The market id, or the fancy session's selection id. */
  readonly marketId: string;
  readonly marketName: string;
  readonly marketType: BetsTable['market_type'];
  readonly selectionId: string;
  readonly selectionName: string;
  readonly betType: BetsTable['bet_type'];
  readonly odds: number;
  readonly price: number;
  readonly stake: number;
  readonly liabilityPaise: bigint;
  readonly placedAt: Date;
}

export interface OpenBetFilter {
  /** Every client below this user, or this one client. */
  readonly scope: { readonly rootId: string } | { readonly clientId: string };
  readonly eventId: string | undefined;
  readonly marketType: BetsTable['market_type'] | undefined;
}

/** One page of the open bets in scope, newest first, and how many there are. */
export async function openBets(
  db: Db | Tx,
  filter: OpenBetFilter,
  page: PageWindow,
): Promise<{ total: number; rows: OpenBetRow[] }> {
  const scope =
    'clientId' in filter.scope
      ? sql`c.id = ${filter.scope.clientId}::bigint`
      : sql`c.path @> ARRAY[${filter.scope.rootId}]::bigint[]`;
  const where = sql`b.status = 'Pending' AND ${scope}
    ${filter.eventId === undefined ? sql`` : sql`AND b.event_id = ${filter.eventId}::bigint`}
    ${filter.marketType === undefined ? sql`` : sql`AND b.market_type = ${filter.marketType}`}`;
  const [counted, page_] = await Promise.all([
    sql<{ total: string }>`SELECT count(*) AS total
      FROM bets b JOIN clients c ON c.id = b.client_id WHERE ${where}`.execute(db),
    sql<{
      id: string;
      username: string;
      event_id: string;
      event_name: string;
      position_key: string;
      market_name: string;
      market_type: BetsTable['market_type'];
      selection_id: string;
      selection_name: string;
      bet_type: BetsTable['bet_type'];
      odds: number;
      price: number;
      stake: number;
      liability_paise: string;
      created_at: Date;
    }>`SELECT b.id::text, c.username, b.event_id::text, e.name AS event_name, b.position_key,
        coalesce(m.name, f.name, b.position_key) AS market_name, b.market_type, b.selection_id,
        b.selection_name, b.bet_type, b.odds, b.price, b.stake, b.liability_paise, b.created_at
      FROM bets b
      JOIN clients c ON c.id = b.client_id
      JOIN events e ON e.id = b.event_id
      LEFT JOIN markets m ON m.id = b.position_key
      LEFT JOIN fancy_runners f ON f.selection_id = b.position_key
      WHERE ${where}
      ORDER BY b.created_at DESC, b.id DESC
      OFFSET ${page.skip} LIMIT ${page.take}`.execute(db),
  ]);
  return {
    total: Number(counted.rows[0]?.total ?? 0),
    rows: page_.rows.map((row) => ({
      betId: row.id,
      username: row.username,
      eventId: row.event_id,
      eventName: row.event_name,
      marketId: row.position_key,
      marketName: row.market_name,
      marketType: row.market_type,
      selectionId: row.selection_id,
      selectionName: row.selection_name,
      betType: row.bet_type,
      odds: row.odds,
      price: row.price,
      stake: row.stake,
      liabilityPaise: BigInt(row.liability_paise),
      placedAt: row.created_at,
    })),
  };
}
