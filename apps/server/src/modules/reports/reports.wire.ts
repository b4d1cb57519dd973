import type {
  BetHistoryEntry,
  MatchBetEntry,
  ProfitLossEntry,
  StatementEntry,
} from '@backlay/contract/reports';
import { rupeesWire } from '../../money.js';
import { oddsWire } from '../bets/bets.wire.js';
import type { MatchBetRow, ProfitLossRow } from '../wallet/wallet.service.js';
import type { BetHistoryRow } from './reports.queries.js';
import type { Statement } from './reports.service.js';

/** The statement's rows: running balance from the open balance; SqlCount on the first row only (docs/product.md#entities). */
export function statementEntriesWire(statement: Statement): StatementEntry[] {
  return statement.rows.map((row, index) => ({
    createdOn: row.createdAt.toISOString(),
    Amount: rupeesWire(row.amountPaise),
    Balance: rupeesWire(statement.openPaise + row.runningPaise),
    Remark: row.remark,
    Discription: row.description,
    EventId: row.eventId === null ? null : Number(row.eventId),
    MarketType: row.marketType,
    ...(index === 0 ? { SqlCount: statement.total } : {}),
  }));
}

/** docs/decisions.md#api: the statement's envelope carries the open and close balances. */
export function statementWire(statement: Statement) {
  return {
    Status: true as const,
    Result: statementEntriesWire(statement),
    OpenBalance: rupeesWire(statement.openPaise),
    CloseBalance: rupeesWire(statement.closePaise),
  };
}

export function profitLossEntryWire(row: ProfitLossRow): ProfitLossEntry {
  return {
    Discription: row.eventName,
    Amount: rupeesWire(row.amountPaise),
    Commission: rupeesWire(row.commissionPaise),
    createdOn: row.createdAt.toISOString(),
    EventId: Number(row.eventId),
  };
}

/**
 * Exposure is the bet's liability; ReturnBalance its profit while Pending, then its result; a
 * voided bet carries the remark Void and its declaration's reason.
 */
export function betHistoryEntryWire(row: BetHistoryRow): BetHistoryEntry {
  return {
    createdOn: row.createdAt.toISOString(),
    MatchName: row.matchName,
    SelectionName: row.selectionName,
    BetType: row.betType,
    Odds: oddsWire(row.marketType, row.odds),
    Price: row.price,
    Stack: row.stake,
    BetStatus: row.status,
    CancelledOn: row.cancelledAt?.toISOString() ?? null,
    // A cancelled bet holds nothing and returned nothing.
    Exposure: rupeesWire(row.status === 'Cancelled' ? 0n : row.liabilityPaise),
    ReturnBalance: rupeesWire(row.status === 'Pending' ? row.profitPaise : (row.plPaise ?? 0n)),
    MarketType: row.marketType,
    Role: 'Client',
    Remark: row.remark === 'Void' ? 'Void' : null,
    VoidReason: row.voidReason,
  };
}

/** A session's `marketId` is its event (the fancy bets' MarketId, docs/decisions.md#api) and `Selectionid` the runner. */
export function matchBetEntryWire(
  row: MatchBetRow,
  eventId: string,
  clientId: string,
): MatchBetEntry {
  const isFancy = row.marketType === 'FANCY';
  return {
    MarketName: row.name,
    marketType: row.marketType,
    profitLoss: rupeesWire(row.plPaise),
    commission: rupeesWire(row.commissionPaise),
    marketId: isFancy ? eventId : row.target,
    userId: Number(clientId),
    Selectionid: isFancy ? row.target : null,
  };
}
