import { sql, type RawBuilder } from 'kysely';
import { windowEnd, windowStart, type DayWindow, type PageWindow } from '../../db/day-window.js';
import type { Db, Tx } from '../../db/pool.js';
import type { AgentsTable, LedgerKind } from '../../db/schema.js';

type AgentLevelAbove = AgentsTable['level'];

/*
 * The ledger as a user above the clients reads it (docs/agents.md#settlement-split,
 * #commission): its clients' rows and its own account's, on report days (SQL only, plain rows).
 * A subtree is every client whose path holds the user's id (the GIN index on clients.path); a
 * level's booking belongs to the client whose ledger transaction it was written in (one
 * transaction per client and market). Money arrives as text and leaves as bigint.
 */

export type { DayWindow, PageWindow };

/** The clients below `rootId` with their accounts (the GIN index on clients.path). */
const subtreeAccounts = (rootId: string) => sql`SELECT a.id AS account_id, c.id AS client_id
  FROM clients c JOIN accounts a ON a.client_id = c.id
  WHERE c.path @> ARRAY[${rootId}]::bigint[]`;

/**
 * The window's rows of results and commission: sports markets and sessions (settlement), matka
 * draws and casino rounds (profit_loss, split among the levels as a market's result is).
 */
const marketRows = (window: DayWindow) => sql`le.kind IN ('settlement', 'profit_loss', 'commission')
  AND le.market_id IS NOT NULL
  AND le.created_at >= ${windowStart(window)} AND le.created_at < ${windowEnd(window)}`;

/** The P/L figures of a group of rows, in paise. */
export interface PlSums {
  readonly clientResultPaise: bigint;
  readonly mySharePaise: bigint;
  readonly commissionPaise: bigint;
  readonly myCommissionPaise: bigint;
}

interface PlSumColumns {
  client_result: string;
  my_share: string;
  commission: string;
  my_commission: string;
}

const plSumsOf = (row: PlSumColumns | undefined): PlSums => ({
  clientResultPaise: BigInt(row?.client_result ?? 0),
  mySharePaise: BigInt(row?.my_share ?? 0),
  commissionPaise: BigInt(row?.commission ?? 0),
  myCommissionPaise: BigInt(row?.my_commission ?? 0),
});

/** The sums of a grouped set's P/L columns. */
const totalsOf = (from: RawBuilder<unknown>) => sql<PlSumColumns & { total: string }>`SELECT
    count(*) AS total,
    coalesce(sum(client_result), 0) AS client_result, coalesce(sum(my_share), 0) AS my_share,
    coalesce(sum(commission), 0) AS commission, coalesce(sum(my_commission), 0) AS my_commission
  FROM ${from} AS t`;

// ---------------------------------------------------------------- P/L by market

export interface PlMarketRow extends PlSums {
  readonly eventId: string;
  readonly eventName: string;
  readonly marketId: string;
  readonly marketName: string;
  readonly marketType: string;
  readonly settledAt: Date;
}

/**
 * What a P/L row is of: a market, a session or a matka draw by its id; casino rounds, one per
 * bet, by their game (the row's description, "Casino - <game>").
 */
const marketKey = sql`CASE WHEN le.market_type = 'CASINO' THEN le.description ELSE le.market_id END`;

/** Where a row with no event was played. */
const placeOf = (marketType: string | null): string | undefined =>
  marketType === 'MATKA' ? 'Matka' : marketType === 'CASINO' ? 'Casino' : undefined;

/**
 * Per market settled in the window: the clients' rows below `actorId` and the rows of the actor's
 * own account `accountId` (every one of which a client below it caused: a level has a take only
 * of its own subtree's clients).
 */
function perMarket(actorId: string, accountId: string, window: DayWindow) {
  return sql`(SELECT ${marketKey} AS market_id,
      max(le.event_id) AS event_id, max(le.market_type) AS market_type,
      max(le.description) AS description,
      coalesce(sum(le.amount_paise) FILTER (WHERE le.account_id <> ${accountId}::bigint
        AND le.kind <> 'commission'), 0) AS client_result,
      coalesce(sum(le.amount_paise) FILTER (WHERE le.account_id = ${accountId}::bigint
        AND le.kind <> 'commission'), 0) AS my_share,
      coalesce(sum(le.amount_paise) FILTER (WHERE le.account_id <> ${accountId}::bigint
        AND le.kind = 'commission'), 0) AS commission,
      coalesce(sum(le.amount_paise) FILTER (WHERE le.account_id = ${accountId}::bigint
        AND le.kind = 'commission'), 0) AS my_commission,
      max(le.created_at) AS settled_at
    FROM ledger_entries le
    WHERE ${marketRows(window)}
      AND (le.account_id = ${accountId}::bigint
        OR le.account_id IN (SELECT account_id FROM (${subtreeAccounts(actorId)}) s))
    GROUP BY 1)`;
}

/** One page of the window's markets, the latest settled first, and the window's totals. */
export async function plByMarket(
  db: Db | Tx,
  filter: { actorId: string; accountId: string; window: DayWindow },
  page: PageWindow,
): Promise<{ total: number; totals: PlSums; rows: PlMarketRow[] }> {
  const markets = perMarket(filter.actorId, filter.accountId, filter.window);
  const [totals, rows] = await Promise.all([
    totalsOf(markets).execute(db),
    sql<
      PlSumColumns & {
        market_id: string;
        event_id: string | null;
        event_name: string | null;
        market_name: string;
        market_type: string | null;
        settled_at: Date;
      }
    >`SELECT t.*, e.name AS event_name,
        coalesce(m.name, f.name, nullif(t.description, ''), t.market_id) AS market_name
      FROM ${markets} AS t
      LEFT JOIN events e ON e.id = t.event_id
      LEFT JOIN markets m ON m.id = t.market_id
      LEFT JOIN fancy_runners f ON f.selection_id = t.market_id
      ORDER BY t.settled_at DESC, t.market_id
      OFFSET ${page.skip} LIMIT ${page.take}`.execute(db),
  ]);
  const counted = totals.rows[0];
  return {
    total: Number(counted?.total ?? 0),
    totals: plSumsOf(counted),
    rows: rows.rows.map((row) => ({
      ...plSumsOf(row),
      eventId: row.event_id ?? '0',
      eventName: row.event_name ?? placeOf(row.market_type) ?? `Event ${row.event_id ?? ''}`.trim(),
      marketId: row.market_id,
      marketName: row.market_name,
      marketType: row.market_type ?? '',
      settledAt: row.settled_at,
    })),
  };
}

// ---------------------------------------------------------------- P/L by downline user

export interface PlUserRow extends PlSums {
  readonly username: string;
  readonly level: AgentLevelAbove | 'client';
}

/**
 * Per direct child of `parentId` (an agent, with its subtree; or a client) with rows in the
 * window: its clients' rows, and the rows the actor's account `accountId` booked in their ledger
 * transactions. A level booking of a transaction without the client's row (a result of exactly
 * zero shared by two versions of takes) is the client's of its settlement line.
 */
function perChild(filter: { parentId: string; accountId: string; window: DayWindow }) {
  const { parentId, accountId, window } = filter;
  return sql`(WITH below AS (
      SELECT a.id AS account_id, c.id AS client_id,
        c.path[array_position(c.path, ${parentId}::bigint) + 1] AS child_agent
      FROM clients c JOIN accounts a ON a.client_id = c.id
      WHERE c.path @> ARRAY[${parentId}]::bigint[]
    ), theirs AS (
      SELECT b.client_id,
        coalesce(sum(le.amount_paise) FILTER (WHERE le.kind <> 'commission'), 0) AS client_result,
        coalesce(sum(le.amount_paise) FILTER (WHERE le.kind = 'commission'), 0) AS commission
      FROM ledger_entries le JOIN below b ON b.account_id = le.account_id
      WHERE ${marketRows(window)}
      GROUP BY b.client_id
    ), mine AS (
      SELECT le.txn_id, le.kind, le.amount_paise FROM ledger_entries le
      WHERE le.account_id = ${accountId}::bigint AND ${marketRows(window)}
    ), owner AS (
      SELECT DISTINCT ON (t.txn_id) t.txn_id, coalesce(b.client_id, sl.client_id) AS client_id
      FROM (SELECT DISTINCT txn_id FROM mine) t
      LEFT JOIN ledger_entries x ON x.txn_id = t.txn_id
        AND x.account_id IN (SELECT account_id FROM below)
      LEFT JOIN below b ON b.account_id = x.account_id
      LEFT JOIN settlement_lines sl ON sl.txn_id = t.txn_id
      ORDER BY t.txn_id, b.client_id NULLS LAST
    ), booked AS (
      SELECT o.client_id,
        coalesce(sum(m.amount_paise) FILTER (WHERE m.kind <> 'commission'), 0) AS my_share,
        coalesce(sum(m.amount_paise) FILTER (WHERE m.kind = 'commission'), 0) AS my_commission
      FROM mine m JOIN owner o ON o.txn_id = m.txn_id
      GROUP BY o.client_id
    )
    SELECT coalesce(b.child_agent, b.client_id) AS child_id, b.child_agent IS NULL AS is_client,
      coalesce(sum(t.client_result), 0) AS client_result, coalesce(sum(k.my_share), 0) AS my_share,
      coalesce(sum(t.commission), 0) AS commission,
      coalesce(sum(k.my_commission), 0) AS my_commission
    FROM below b
    LEFT JOIN theirs t ON t.client_id = b.client_id
    LEFT JOIN booked k ON k.client_id = b.client_id
    WHERE t.client_id IS NOT NULL OR k.client_id IS NOT NULL
    GROUP BY 1, 2)`;
}

/** One page of the children with rows in the window, by username, and the window's totals. */
export async function plByChild(
  db: Db | Tx,
  filter: { parentId: string; accountId: string; window: DayWindow },
  page: PageWindow,
): Promise<{ total: number; totals: PlSums; rows: PlUserRow[] }> {
  const children = perChild(filter);
  const [totals, rows] = await Promise.all([
    totalsOf(children).execute(db),
    sql<PlSumColumns & { username: string; level: AgentLevelAbove | 'client' }>`SELECT t.*,
        coalesce(ag.username, cl.username) AS username,
        CASE WHEN t.is_client THEN 'client' ELSE ag.level END AS level
      FROM ${children} AS t
      LEFT JOIN agents ag ON NOT t.is_client AND ag.id = t.child_id
      LEFT JOIN clients cl ON t.is_client AND cl.id = t.child_id
      ORDER BY lower(coalesce(ag.username, cl.username)), t.is_client, t.child_id
      OFFSET ${page.skip} LIMIT ${page.take}`.execute(db),
  ]);
  const counted = totals.rows[0];
  return {
    total: Number(counted?.total ?? 0),
    totals: plSumsOf(counted),
    rows: rows.rows.map((row) => ({ ...plSumsOf(row), username: row.username, level: row.level })),
  };
}

// ---------------------------------------------------------------- account statement

export interface StatementLine {
  readonly at: Date;
  readonly kind: LedgerKind;
  readonly amountPaise: bigint;
  /** The account's balance after this row. */
  readonly balancePaise: bigint;
  readonly remark: string;
  readonly description: string;
  readonly eventId: string | null;
  readonly marketId: string | null;
  readonly marketType: string | null;
}

/**
 * The account's rows of the window, oldest first (ties by id), with its balance before the
 * window, after it, and the number of rows: a balance is the sum of an account's ledger rows.
 */
export async function accountStatement(
  db: Db | Tx,
  filter: { accountId: string; window: DayWindow },
  page: PageWindow,
): Promise<{ openPaise: bigint; closePaise: bigint; total: number; rows: StatementLine[] }> {
  const start = windowStart(filter.window);
  const end = windowEnd(filter.window);
  const [totals, rows] = await Promise.all([
    sql<{ open: string; close: string; total: string }>`SELECT
        coalesce(sum(amount_paise) FILTER (WHERE created_at < ${start}), 0) AS open,
        coalesce(sum(amount_paise), 0) AS close,
        count(*) FILTER (WHERE created_at >= ${start}) AS total
      FROM ledger_entries
      WHERE account_id = ${filter.accountId}::bigint AND created_at < ${end}`.execute(db),
    sql<{
      created_at: Date;
      kind: LedgerKind;
      amount_paise: string;
      running: string;
      remark: string;
      description: string;
      event_id: string | null;
      market_id: string | null;
      market_type: string | null;
    }>`SELECT created_at, kind, amount_paise, remark, description, event_id::text, market_id,
        market_type,
        -- The window function runs before OFFSET/LIMIT: the sum spans the earlier pages too.
        sum(amount_paise) OVER (ORDER BY created_at, id) AS running
      FROM ledger_entries
      WHERE account_id = ${filter.accountId}::bigint
        AND created_at >= ${start} AND created_at < ${end}
      ORDER BY created_at, id
      OFFSET ${page.skip} LIMIT ${page.take}`.execute(db),
  ]);
  const counted = totals.rows[0];
  const openPaise = BigInt(counted?.open ?? 0);
  return {
    openPaise,
    closePaise: BigInt(counted?.close ?? 0),
    total: Number(counted?.total ?? 0),
    rows: rows.rows.map((row) => ({
      at: row.created_at,
      kind: row.kind,
      amountPaise: BigInt(row.amount_paise),
      balancePaise: openPaise + BigInt(row.running),
      remark: row.remark,
      description: row.description,
      eventId: row.event_id,
      marketId: row.market_id,
      marketType: row.market_type,
    })),
  };
}

// ---------------------------------------------------------------- commission

export interface CommissionLine {
  readonly username: string;
  readonly parent: string;
  readonly matchPaise: bigint;
  readonly sessionPaise: bigint;
  readonly myBearingPaise: bigint;
}

export interface CommissionSums {
  readonly matchPaise: bigint;
  readonly sessionPaise: bigint;
  readonly myBearingPaise: bigint;
}

/**
 * Per client below `actorId` paid commission in the window: match commission (every market but
 * fancy) and session commission (fancy), and what the actor's account `accountId` bore of it in
 * the same ledger transactions (docs/agents.md#commission: the client's row is always there).
 */
function perClientCommission(filter: { actorId: string; accountId: string; window: DayWindow }) {
  const { actorId, accountId, window } = filter;
  const inWindow = sql`le.kind = 'commission'
    AND le.created_at >= ${windowStart(window)} AND le.created_at < ${windowEnd(window)}`;
  return sql`(WITH below AS (${subtreeAccounts(actorId)}),
    paid AS (
      SELECT le.txn_id, le.market_type, le.amount_paise, b.client_id
      FROM ledger_entries le JOIN below b ON b.account_id = le.account_id
      WHERE ${inWindow}
    ), borne AS (
      SELECT p.client_id, sum(le.amount_paise) AS my_bearing
      FROM ledger_entries le
      JOIN (SELECT DISTINCT txn_id, client_id FROM paid) p ON p.txn_id = le.txn_id
      WHERE le.account_id = ${accountId}::bigint AND ${inWindow}
      GROUP BY p.client_id
    )
    SELECT p.client_id,
      coalesce(sum(p.amount_paise) FILTER (WHERE p.market_type IS DISTINCT FROM 'FANCY'), 0)
        AS match_paise,
      coalesce(sum(p.amount_paise) FILTER (WHERE p.market_type = 'FANCY'), 0) AS session_paise,
      coalesce(max(k.my_bearing), 0) AS my_bearing
    FROM paid p LEFT JOIN borne k ON k.client_id = p.client_id
    GROUP BY p.client_id)`;
}

/** One page of the clients paid commission in the window, by username, and the totals. */
export async function commissionByClient(
  db: Db | Tx,
  filter: { actorId: string; accountId: string; window: DayWindow },
  page: PageWindow,
): Promise<{ total: number; totals: CommissionSums; rows: CommissionLine[] }> {
  const clients = perClientCommission(filter);
  const [totals, rows] = await Promise.all([
    sql<{ total: string; match_paise: string; session_paise: string; my_bearing: string }>`SELECT
        count(*) AS total, coalesce(sum(match_paise), 0) AS match_paise,
        coalesce(sum(session_paise), 0) AS session_paise,
        coalesce(sum(my_bearing), 0) AS my_bearing
      FROM ${clients} AS t`.execute(db),
    sql<{
      username: string;
      parent: string;
      match_paise: string;
      session_paise: string;
      my_bearing: string;
    }>`SELECT c.username, p.username AS parent, t.match_paise, t.session_paise, t.my_bearing
      FROM ${clients} AS t
      JOIN clients c ON c.id = t.client_id
      JOIN agents p ON p.id = c.parent_id
      ORDER BY lower(c.username), c.id
      OFFSET ${page.skip} LIMIT ${page.take}`.execute(db),
  ]);
  const counted = totals.rows[0];
  return {
    total: Number(counted?.total ?? 0),
    totals: {
      matchPaise: BigInt(counted?.match_paise ?? 0),
      sessionPaise: BigInt(counted?.session_paise ?? 0),
      myBearingPaise: BigInt(counted?.my_bearing ?? 0),
    },
    rows: rows.rows.map((row) => ({
      username: row.username,
      parent: row.parent,
      matchPaise: BigInt(row.match_paise),
      sessionPaise: BigInt(row.session_paise),
      myBearingPaise: BigInt(row.my_bearing),
    })),
  };
}
