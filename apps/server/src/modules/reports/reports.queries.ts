import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { BetRowStatus, BetsTable } from '../../db/schema.js';
import { windowEnd, windowStart, type DayWindow, type PageWindow } from '../../db/day-window.js';

// The reports' reads of the ledger (statement, profit and loss, match bets) are the wallet
// module's (wallet/ledger.queries.ts, called through wallet.service.ts); these read the bets, on
// the same report days.

export type { DayWindow, PageWindow };

// ---------------------------------------------------------------- bets

type MarketType = BetsTable['market_type'];

export interface BetHistoryRow {
  readonly createdAt: Date;
  readonly matchName: string;
  readonly selectionName: string;
  readonly betType: 'Back' | 'Lay' | 'Yes' | 'No';
  readonly odds: number;
  readonly price: number;
  readonly stake: number;
  readonly status: BetRowStatus;
  /** When the client cancelled it; null otherwise. */
  readonly cancelledAt: Date | null;
  readonly marketType: MarketType;
  readonly profitPaise: bigint;
  readonly liabilityPaise: bigint;
  /** The settled result; null while Pending. */
  readonly plPaise: bigint | null;
  /** The settlement's remark on the bet: `Void` for a voided bet, else null. */
  readonly remark: string | null;
  /** The void declaration's reason, for a bet its void settled; else null. */
  readonly voidReason: string | null;
}

function clientBets(db: Db | Tx, clientId: string) {
  return db
    .selectFrom('bets as b')
    .innerJoin('events as ev', 'ev.id', 'b.event_id')
    .where('b.client_id', '=', clientId);
}

type ClientBets = ReturnType<typeof clientBets>;

async function betRows(query: ClientBets, page?: PageWindow): Promise<BetHistoryRow[]> {
  let ordered = query
    // A voided bet's reason is its market's or session's void declaration (settlements.target is
    // the bets' position key); a later rollback reopens the bet, so only a standing void counts.
    .leftJoin('settlements as s', (join) =>
      join
        .onRef('s.target', '=', 'b.position_key')
        .on('s.state', '=', 'voided')
        .on('b.remark', '=', 'Void'),
    )
    .select([
      'b.created_at',
      'ev.name',
      'b.selection_name',
      'b.bet_type',
      'b.odds',
      'b.price',
      'b.stake',
      'b.status',
      'b.cancelled_at',
      'b.market_type',
      'b.profit_paise',
      'b.liability_paise',
      'b.pl_paise',
      'b.remark',
      's.reason',
    ])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc');
  if (page) ordered = ordered.offset(page.skip).limit(page.take);
  const rows = await ordered.execute();
  return rows.map((row) => ({
    createdAt: row.created_at,
    matchName: row.name,
    selectionName: row.selection_name,
    betType: row.bet_type,
    odds: row.odds,
    price: row.price,
    stake: row.stake,
    status: row.status,
    cancelledAt: row.cancelled_at,
    marketType: row.market_type,
    profitPaise: BigInt(row.profit_paise),
    liabilityPaise: BigInt(row.liability_paise),
    plPaise: row.pl_paise === null ? null : BigInt(row.pl_paise),
    remark: row.remark,
    voidReason: row.reason,
  }));
}

export interface BetHistoryFilter {
  readonly clientId: string;
  readonly sportId: number | null;
  /** docs/decisions.md#silent-rules: `nonFancy` is the spec's MATCH_ODDS filter (every market but fancy). */
  readonly markets: 'all' | 'nonFancy' | 'fancy';
  /** docs/decisions.md#silent-rules: `finished` is the spec's Settled filter (Settled and Lost). */
  readonly status: 'all' | 'pending' | 'finished';
  /** On the time the bet was placed. */
  readonly window: DayWindow;
}

function historyBets(db: Db | Tx, filter: BetHistoryFilter): ClientBets {
  let query = clientBets(db, filter.clientId)
    .where('b.created_at', '>=', windowStart(filter.window))
    .where('b.created_at', '<', windowEnd(filter.window));
  if (filter.sportId !== null) query = query.where('ev.sport_id', '=', filter.sportId);
  if (filter.markets === 'fancy') query = query.where('b.market_type', '=', 'FANCY');
  if (filter.markets === 'nonFancy') query = query.where('b.market_type', '<>', 'FANCY');
  if (filter.status === 'pending') query = query.where('b.status', '=', 'Pending');
  if (filter.status === 'finished') query = query.where('b.status', 'in', ['Settled', 'Lost']);
  return query;
}

/** One page of the bet history, newest first. */
export async function betHistoryPage(
  db: Db | Tx,
  filter: BetHistoryFilter,
  page: PageWindow,
): Promise<BetHistoryRow[]> {
  return betRows(historyBets(db, filter), page);
}

export async function betHistoryCount(db: Db | Tx, filter: BetHistoryFilter): Promise<number> {
  const row = await historyBets(db, filter)
    .select(sql<string>`count(*)`.as('bets'))
    .executeTakeFirstOrThrow();
  return Number(row.bets);
}

/** The client's bets on one match odds, bookmaker or toss market, newest first. */
export async function marketBets(
  db: Db | Tx,
  clientId: string,
  marketId: string,
): Promise<BetHistoryRow[]> {
  return betRows(
    clientBets(db, clientId)
      .where('b.position_key', '=', marketId)
      .where('b.market_type', '<>', 'FANCY'),
  );
}

/** The client's bets on one fancy runner of an event, newest first. */
export async function fancyBets(
  db: Db | Tx,
  clientId: string,
  eventId: string,
  selectionId: string,
): Promise<BetHistoryRow[]> {
  return betRows(
    clientBets(db, clientId)
      .where('b.event_id', '=', eventId)
      .where('b.position_key', '=', selectionId)
      .where('b.market_type', '=', 'FANCY'),
  );
}
