import { CASINO_GAMES } from '@backlay/contract/casino';
import { sql } from 'kysely';
import { windowEnd, windowStart, type DayWindow, type PageWindow } from '../../db/day-window.js';
import type { Db, Tx } from '../../db/pool.js';
import type { BetsTable, LedgerKind } from '../../db/schema.js';

export type { DayWindow, PageWindow };

/*
 * The reports' reads of the ledger (docs/product.md#calls, docs/decisions.md#silent-rules): the account statement, profit and loss
 * and the match bets of an event. The wallet module owns ledger_entries (docs/architecture.md,
 * "Money"); the reports module calls these through wallet.service.ts.
 */

// ---------------------------------------------------------------- account statement

export interface StatementFilter {
  readonly accountId: string;
  /** One ledger kind, or null for every kind. */
  readonly kind: LedgerKind | null;
  /** Rows of events of this sport only (rows without an event drop out), or null for all. */
  readonly sportId: number | null;
  readonly window: DayWindow;
}

/** The statement's remark on a cancelled bet, which has no ledger pair: no money moved. */
export const CANCELLED_BET_REMARK = 'Bet cancelled: no money moved';

/**
 * The account's ledger rows, and a row of 0 for each bet its client cancelled (docs/architecture.md,
 * "Cancelling a bet": no money moved, so there is no ledger pair; the statement still says so).
 * A cancel row counts as a Settlement row. Ordered by (created_at, source, id): source 0 for the
 * ledger, 1 for cancels.
 */
function statementRows(db: Db | Tx, filter: StatementFilter) {
  const ledger = db
    .selectFrom('ledger_entries')
    .select([
      'created_at',
      sql<number>`0`.as('source'),
      'id',
      'kind',
      'amount_paise',
      'remark',
      'description',
      'event_id',
      'market_type',
    ])
    .where('account_id', '=', filter.accountId);
  const cancels = db
    .selectFrom('bets as b')
    .innerJoin('accounts as a', 'a.client_id', 'b.client_id')
    .innerJoin('events as be', 'be.id', 'b.event_id')
    .select([
      sql<Date>`b.cancelled_at`.as('created_at'),
      sql<number>`1`.as('source'),
      'b.id',
      sql<LedgerKind>`'settlement'`.as('kind'),
      sql<string>`0::bigint`.as('amount_paise'),
      sql<string>`${CANCELLED_BET_REMARK}::text`.as('remark'),
      sql<string>`be.name || ' - ' || b.selection_name || ' ' || b.bet_type || ' ' || b.stake
        || ' @ ' || CASE WHEN b.market_type = 'BOOKMAKER' THEN b.odds::text
                         ELSE to_char(b.odds / 100.0, 'FM9990.00') END`.as('description'),
      'b.event_id',
      'b.market_type',
    ])
    .where('a.id', '=', filter.accountId)
    .where('b.status', '=', 'Cancelled');
  let query = db
    .selectFrom(ledger.unionAll(cancels).as('le'))
    .leftJoin('events as ev', 'ev.id', 'le.event_id');
  if (filter.kind !== null) query = query.where('le.kind', '=', filter.kind);
  if (filter.sportId !== null) query = query.where('ev.sport_id', '=', filter.sportId);
  return query;
}

export interface StatementTotals {
  /** Sum of the matching rows before the window. */
  readonly openPaise: bigint;
  /** Sum of the matching rows up to the window's end. */
  readonly closePaise: bigint;
  /** Matching rows inside the window. */
  readonly rows: number;
}

export async function statementTotals(
  db: Db | Tx,
  filter: StatementFilter,
): Promise<StatementTotals> {
  const start = windowStart(filter.window);
  const row = await statementRows(db, filter)
    .where('le.created_at', '<', windowEnd(filter.window))
    .select([
      sql<string>`coalesce(sum(le.amount_paise) filter (where le.created_at < ${start}), 0)`.as(
        'open_paise',
      ),
      sql<string>`coalesce(sum(le.amount_paise), 0)`.as('close_paise'),
      sql<string>`count(*) filter (where le.created_at >= ${start})`.as('rows'),
    ])
    .executeTakeFirstOrThrow();
  return {
    openPaise: BigInt(row.open_paise),
    closePaise: BigInt(row.close_paise),
    rows: Number(row.rows),
  };
}

export interface StatementRow {
  readonly createdAt: Date;
  readonly amountPaise: bigint;
  /** Sum of the matching rows of the window up to and including this one. */
  readonly runningPaise: bigint;
  readonly remark: string;
  readonly description: string;
  readonly eventId: string | null;
  readonly marketType: string | null;
}

/** One page of the matching rows of the window, oldest first (ties by id). */
export async function statementPage(
  db: Db | Tx,
  filter: StatementFilter,
  page: PageWindow,
): Promise<StatementRow[]> {
  const rows = await statementRows(db, filter)
    .where('le.created_at', '>=', windowStart(filter.window))
    .where('le.created_at', '<', windowEnd(filter.window))
    .select([
      'le.created_at',
      'le.amount_paise',
      'le.remark',
      'le.description',
      'le.event_id',
      'le.market_type',
      // The window function runs before OFFSET/LIMIT, so the sum spans the earlier pages too.
      sql<string>`sum(le.amount_paise) over (order by le.created_at, le.source, le.id)`.as(
        'running_paise',
      ),
    ])
    .orderBy('le.created_at')
    .orderBy('le.source')
    .orderBy('le.id')
    .offset(page.skip)
    .limit(page.take)
    .execute();
  return rows.map((row) => ({
    createdAt: row.created_at,
    amountPaise: BigInt(row.amount_paise),
    runningPaise: BigInt(row.running_paise),
    remark: row.remark,
    description: row.description,
    eventId: row.event_id,
    marketType: row.market_type,
  }));
}

// ---------------------------------------------------------------- profit and loss

export interface ProfitLossFilter {
  readonly clientId: string;
  readonly accountId: string;
  readonly sportId: number | null;
  readonly window: DayWindow;
}

/** The client's settlement rows (results and their rollbacks) in the window, with their event. */
function settlementRows(db: Db | Tx, filter: ProfitLossFilter) {
  let query = db
    .selectFrom('ledger_entries as le')
    .innerJoin('events as ev', 'ev.id', 'le.event_id')
    .where('le.account_id', '=', filter.accountId)
    .where('le.kind', '=', 'settlement')
    .where('le.created_at', '>=', windowStart(filter.window))
    .where('le.created_at', '<', windowEnd(filter.window));
  if (filter.sportId !== null) query = query.where('ev.sport_id', '=', filter.sportId);
  return query;
}

/**
 * The client's casino results (kind profit_loss, MarketType CASINO) in the window, with their
 * round. Casino has no sport of the report filter: only the every-sport listing shows them.
 */
function casinoRows(db: Db | Tx, filter: ProfitLossFilter) {
  return db
    .selectFrom('ledger_entries as le')
    .innerJoin('casino_rounds as cr', 'cr.round_id', 'le.market_id')
    .where('le.account_id', '=', filter.accountId)
    .where('le.kind', '=', 'profit_loss')
    .where('le.market_type', '=', 'CASINO')
    .where('le.created_at', '>=', windowStart(filter.window))
    .where('le.created_at', '<', windowEnd(filter.window));
}

/** A casino game's EventId in the listing (the contract's CASINO_GAMES). */
const casinoEventId = sql<string>`(case cr.game_id ${sql.join(
  CASINO_GAMES.map((game) => sql`when ${game.id} then ${sql.lit(game.eventId)}`),
  sql` `,
)} else 0 end)::bigint`;

export interface ProfitLossRow {
  readonly eventId: string;
  readonly eventName: string;
  readonly amountPaise: bigint;
  readonly commissionPaise: bigint;
  /** The latest settlement row of the event in the window. */
  readonly createdAt: Date;
}

/**
 * One page of the per-event sums, latest first. A row's commission is that of the settlement
 * line written with it (same ledger transaction and target) unless the line was rolled back.
 */
export async function profitLossPage(
  db: Db | Tx,
  filter: ProfitLossFilter,
  page: PageWindow,
): Promise<ProfitLossRow[]> {
  const events = settlementRows(db, filter)
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('settlement_lines as sl')
          .select((sub) => [
            'sl.txn_id',
            'sl.target',
            sub.fn.sum<string>('sl.commission_paise').as('paise'),
          ])
          .where('sl.client_id', '=', filter.clientId)
          .where('sl.rolled_back', '=', false)
          .groupBy(['sl.txn_id', 'sl.target'])
          .as('commission'),
      (join) =>
        join
          .onRef('commission.txn_id', '=', 'le.txn_id')
          .onRef('commission.target', '=', 'le.market_id'),
    )
    .select((eb) => [
      sql<string>`le.event_id`.as('event_id'),
      'ev.name as name',
      eb.fn.sum<string>('le.amount_paise').as('amount_paise'),
      sql<string>`coalesce(sum(commission.paise), 0)`.as('commission_paise'),
      eb.fn.max<Date>('le.created_at').as('created_at'),
    ])
    .groupBy(['le.event_id', 'ev.name']);
  // One row per casino game beside the events (docs/decisions.md#silent-rules: casino results are ProfitLoss rows).
  const casino = casinoRows(db, filter)
    .select((eb) => [
      casinoEventId.as('event_id'),
      eb.fn.max<string>('le.description').as('name'),
      eb.fn.sum<string>('le.amount_paise').as('amount_paise'),
      sql<string>`0`.as('commission_paise'),
      eb.fn.max<Date>('le.created_at').as('created_at'),
    ])
    .groupBy('cr.game_id');
  const listed = filter.sportId === null ? events.unionAll(casino) : events;
  const rows = await db
    .selectFrom(listed.as('pl'))
    .selectAll()
    .orderBy('pl.created_at', 'desc')
    .orderBy('pl.event_id', 'desc')
    .offset(page.skip)
    .limit(page.take)
    .execute();
  return rows.map((row) => ({
    eventId: String(row.event_id),
    eventName: row.name,
    amountPaise: BigInt(row.amount_paise),
    commissionPaise: BigInt(row.commission_paise),
    createdAt: row.created_at,
  }));
}

/** Events with settlement rows in the window, and casino games with results when every sport is asked for. */
export async function profitLossCount(db: Db | Tx, filter: ProfitLossFilter): Promise<number> {
  const row = await settlementRows(db, filter)
    .select(sql<string>`count(distinct le.event_id)`.as('events'))
    .executeTakeFirstOrThrow();
  if (filter.sportId !== null) return Number(row.events);
  const games = await casinoRows(db, filter)
    .select(sql<string>`count(distinct cr.game_id)`.as('games'))
    .executeTakeFirstOrThrow();
  return Number(row.events) + Number(games.games);
}

// ---------------------------------------------------------------- match bets (one event)

type MarketType = BetsTable['market_type'];

export interface MatchBetRow {
  /** The market id, or the fancy runner's selection id. */
  readonly target: string;
  readonly marketType: MarketType;
  readonly name: string;
  readonly plPaise: bigint;
  readonly commissionPaise: bigint;
}

/**
 * Each market and fancy runner of the event that the client has settlement rows or finished bets
 * on (a void leaves no ledger row but Settled bets), unless its result is rolled back and not
 * declared again. P/L is the sum of its settlement rows; commission that of its lines not rolled
 * back. Match odds, bookmaker, toss, then the sessions in their order.
 */
export async function matchBets(
  db: Db | Tx,
  clientId: string,
  accountId: string,
  eventId: string,
): Promise<MatchBetRow[]> {
  const rows = await db
    .with('played', (qb) =>
      qb
        .selectFrom('ledger_entries')
        .select(sql<string>`market_id`.as('target'))
        .where('account_id', '=', accountId)
        .where('kind', '=', 'settlement')
        .where('event_id', '=', eventId)
        .where('market_id', 'is not', null)
        .union(
          qb
            .selectFrom('bets')
            .select(sql<string>`position_key`.as('target'))
            .where('client_id', '=', clientId)
            .where('event_id', '=', eventId)
            .where('status', '<>', 'Pending'),
        ),
    )
    .selectFrom('played as p')
    .leftJoin('markets as m', (join) =>
      join.onRef('m.id', '=', 'p.target').on('m.event_id', '=', eventId),
    )
    .leftJoin('fancy_runners as fr', (join) =>
      join.onRef('fr.selection_id', '=', 'p.target').on('fr.event_id', '=', eventId),
    )
    .leftJoin('settlements as s', 's.target', 'p.target')
    .where((eb) => eb.or([eb('m.id', 'is not', null), eb('fr.selection_id', 'is not', null)]))
    .where(sql<boolean>`s.state is distinct from 'rolled_back'`)
    .select([
      'p.target',
      sql<MarketType>`coalesce(m.market_type, 'FANCY')`.as('market_type'),
      sql<string>`coalesce(m.name, fr.name)`.as('name'),
      sql<string>`(select coalesce(sum(le.amount_paise), 0) from ledger_entries le
        where le.account_id = ${accountId} and le.kind = 'settlement'
          and le.event_id = ${eventId} and le.market_id = p.target)`.as('pl_paise'),
      sql<string>`(select coalesce(sum(sl.commission_paise), 0) from settlement_lines sl
        where sl.client_id = ${clientId} and sl.target = p.target and not sl.rolled_back)`.as(
        'commission_paise',
      ),
    ])
    .orderBy(
      // Match odds, bookmaker, toss, the other exchange markets, then fancy (null market).
      sql`case when m.market_type is null then 4 when m.market_type = 'MATCH_ODDS' then 0
        when m.market_type = 'BOOKMAKER' then 1 when m.market_type = 'TOSS' then 2 else 3 end`,
    )
    .orderBy('fr.sort_priority')
    .orderBy('p.target')
    .execute();
  return rows.map((row) => ({
    target: row.target,
    marketType: row.market_type,
    name: row.name,
    plPaise: BigInt(row.pl_paise),
    commissionPaise: BigInt(row.commission_paise),
  }));
}
