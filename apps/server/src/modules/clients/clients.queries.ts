import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { BetRowStatus, BetsTable } from '../../db/schema.js';

/**
 * Claims a username for a new user of either kind, client or agent (one username space,
 * docs/agents.md#levels): a lock on the name until the transaction ends, then whether anyone has
 * it already, whatever its case.
 */
export async function claimUsername(tx: Tx, username: string): Promise<boolean> {
  const name = username.toLowerCase();
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`username:${name}`}))`.execute(tx);
  const { rows } = await sql<{ taken: boolean }>`SELECT
      EXISTS (SELECT 1 FROM agents WHERE lower(username) = ${name})
      OR EXISTS (SELECT 1 FROM clients WHERE lower(username) = ${name}) AS taken`.execute(tx);
  return rows[0]?.taken !== true;
}

/** Where a new client sits in the tree (docs/agents.md#levels). */
export interface ClientPlacement {
  readonly parentId: string;
  /** The parent's path and the parent: the client's ancestors, top down. */
  readonly path: readonly string[];
  readonly takesId: string;
  readonly creditReferencePaise?: bigint;
  readonly matchCommissionBp?: number;
  readonly sessionCommissionBp?: number;
}

/** Inserts a client: under `placement`, or the admin's directly when none is given. */
export async function insertClient(
  tx: Tx,
  client: { username: string; passwordHash: string; at: Date; placement?: ClientPlacement },
): Promise<string | undefined> {
  const { placement } = client;
  const admin = sql<string>`(SELECT id FROM agents WHERE level = 'admin')`;
  const row = await tx
    .insertInto('clients')
    .values({
      username: client.username,
      password_hash: client.passwordHash,
      created_at: client.at,
      ...(placement
        ? {
            parent_id: placement.parentId,
            path: [...placement.path],
            takes_id: placement.takesId,
            credit_reference_paise: (placement.creditReferencePaise ?? 0n).toString(),
            match_commission_bp: placement.matchCommissionBp ?? 0,
            session_commission_bp: placement.sessionCommissionBp ?? 0,
          }
        : {
            parent_id: admin,
            path: sql<string[]>`ARRAY[${admin}]`,
            takes_id: sql<string>`(SELECT takes_id FROM agents WHERE level = 'admin')`,
          }),
    })
    .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findClientId(db: Db | Tx, username: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('clients')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

// ---------------------------------------------------------------- the back office's reads

export interface ClientRow {
  readonly clientId: string;
  readonly username: string;
  readonly createdAt: Date;
  readonly bettingLockedAt: Date | null;
  /** The latest successful login, or null for none. */
  readonly lastLoginAt: Date | null;
}

/** `prefix` as a LIKE pattern matching usernames that start with it, case-insensitively. */
function prefixPattern(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function clientsMatching(db: Db | Tx, prefix: string | undefined) {
  const query = db.selectFrom('clients as c');
  return prefix === undefined || prefix === ''
    ? query
    : query.where(sql<boolean>`lower(c.username) like ${prefixPattern(prefix)} escape '\\'`);
}

const lastLogin = sql<Date | null>`(select max(le.created_at) from login_events le
  where le.client_id = c.id and le.outcome = 'success')`;

function clientRow(row: {
  id: string;
  username: string;
  created_at: Date;
  betting_locked_at: Date | null;
  last_login_at: Date | null;
}): ClientRow {
  return {
    clientId: row.id,
    username: row.username,
    createdAt: row.created_at,
    bettingLockedAt: row.betting_locked_at,
    lastLoginAt: row.last_login_at,
  };
}

/**
 * Clients whose username starts with `prefix` (any case; every client without one), by username,
 * one page, with the count of all that match.
 */
export async function searchClients(
  db: Db | Tx,
  filter: { prefix: string | undefined; skip: number; take: number },
): Promise<{ total: number; rows: ClientRow[] }> {
  const matching = clientsMatching(db, filter.prefix);
  const [counted, rows] = await Promise.all([
    matching.select(sql<string>`count(*)`.as('total')).executeTakeFirst(),
    matching
      .select(['c.id', 'c.username', 'c.created_at', 'c.betting_locked_at'])
      .select(lastLogin.as('last_login_at'))
      .orderBy(sql`lower(c.username)`)
      .orderBy('c.id')
      .offset(filter.skip)
      .limit(filter.take)
      .execute(),
  ]);
  return { total: Number(counted?.total ?? 0), rows: rows.map(clientRow) };
}

/** One client by id, or undefined. */
export async function findClient(db: Db | Tx, clientId: string): Promise<ClientRow | undefined> {
  const row = await db
    .selectFrom('clients as c')
    .select(['c.id', 'c.username', 'c.created_at', 'c.betting_locked_at'])
    .select(lastLogin.as('last_login_at'))
    .where('c.id', '=', clientId)
    .executeTakeFirst();
  return row && clientRow(row);
}

/** What a position key names: an exchange market's or a fancy session's event, a matka market, a casino round's game. */
export interface PositionPlace {
  readonly positionKey: string;
  readonly eventName: string | null;
  readonly matkaGame: string | null;
  readonly casinoGame: string | null;
}

/**
 * The places of position keys (a market id, a fancy selection id, a matka Mid, `casino:<round>`)
 * in one statement, in the order given.
 */
export async function positionPlaces(
  db: Db | Tx,
  positionKeys: readonly string[],
): Promise<PositionPlace[]> {
  if (positionKeys.length === 0) return [];
  const { rows } = await sql<{
    position_key: string;
    event_name: string | null;
    matka_game: string | null;
    casino_game: string | null;
  }>`SELECT k.key AS position_key, coalesce(me.name, fe.name) AS event_name,
      mg.name AS matka_game, cr.game_id AS casino_game
    FROM unnest(${[...positionKeys]}::text[]) WITH ORDINALITY AS k(key, n)
    LEFT JOIN markets m ON m.id = k.key
    LEFT JOIN events me ON me.id = m.event_id
    LEFT JOIN fancy_runners f ON f.selection_id = k.key
    LEFT JOIN events fe ON fe.id = f.event_id
    LEFT JOIN matka_markets mm
      ON mm.id = CASE WHEN k.key ~ '^[0-9]{1,18}$' THEN k.key::bigint END
    LEFT JOIN matka_games mg ON mg.id = mm.game_id
    LEFT JOIN casino_rounds cr
      ON cr.round_id = CASE WHEN k.key LIKE 'casino:%' THEN substr(k.key, 8) END
    ORDER BY k.n`.execute(db);
  return rows.map((row) => ({
    positionKey: row.position_key,
    eventName: row.event_name,
    matkaGame: row.matka_game,
    casinoGame: row.casino_game,
  }));
}

export interface ClientBetRow {
  readonly betId: string;
  readonly placedAt: Date;
  readonly eventName: string;
  /** The market's name, or the fancy session's. */
  readonly market: string;
  readonly marketType: BetsTable['market_type'];
  readonly selection: string;
  readonly side: BetsTable['bet_type'];
  readonly odds: number;
  readonly stake: number;
  readonly status: BetRowStatus;
  /** The settled result in paise; null while open or cancelled. */
  readonly plPaise: bigint | null;
}

/** The client's latest bets, newest first. */
export async function latestBets(
  db: Db | Tx,
  clientId: string,
  limit: number,
): Promise<ClientBetRow[]> {
  const rows = await db
    .selectFrom('bets as b')
    .innerJoin('events as e', 'e.id', 'b.event_id')
    .leftJoin('markets as m', 'm.id', 'b.market_id')
    .select([
      'b.id',
      'b.created_at',
      'e.name as event_name',
      sql<string>`coalesce(m.name, b.selection_name)`.as('market'),
      'b.market_type',
      'b.selection_name',
      'b.bet_type',
      'b.odds',
      'b.stake',
      'b.status',
      'b.pl_paise',
    ])
    .where('b.client_id', '=', clientId)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    betId: row.id,
    placedAt: row.created_at,
    eventName: row.event_name,
    market: row.market,
    marketType: row.market_type,
    selection: row.selection_name,
    side: row.bet_type,
    odds: row.odds,
    stake: row.stake,
    status: row.status,
    plPaise: row.pl_paise === null ? null : BigInt(row.pl_paise),
  }));
}
