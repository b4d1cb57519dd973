import type { HubPayload } from '@backlay/contract/hub';
import type {
  MatkaBetRow,
  MatkaEvent,
  MatkaProfitLossEntry,
  MatkaResult,
} from '@backlay/contract/matka';
import { paiseToRupees, type Paise } from '@backlay/domain';
import type { MatkaBetListRow } from './matka-reads.queries.js';
import type { MarketRow } from './matka.queries.js';

/** A market's state as everyone's screens hear it (the hub's MatkaChanged). */
export type MatkaChange = HubPayload<'MatkaChanged'>;

const rupees = (paise: bigint): number => paiseToRupees(Number(paise) as Paise);

/** docs/product.md#entities matka event; `id` is the Mid too. */
export function matkaEventWire(market: MarketRow, now: Date): MatkaEvent {
  return {
    EventName: market.name,
    hindi: market.hindi,
    EventId: Number(market.gameId),
    Mid: Number(market.mid),
    DateModify: market.updatedAt.toISOString(),
    StartTime: market.opensAt.toISOString(),
    EndTime: market.closesAt.toISOString(),
    id: Number(market.mid),
    isOpen:
      market.result === null &&
      market.opensAt.getTime() <= now.getTime() &&
      now.getTime() < market.closesAt.getTime(),
  };
}

/**
 * docs/product.md#entities matka bet. docs/product.md#entities has no voided status: a bet of a market an operator voided shows as
 * Settled with P/L 0 (its stake back), as the bets of a voided sports market do.
 */
export function matkaBetWire(bet: MatkaBetListRow): MatkaBetRow {
  return {
    IP_Address: bet.ipAddress,
    MatchName: bet.gameName,
    betNo: bet.betNo,
    Amount: rupees(bet.amountPaise),
    CreatedOn: bet.createdAt.toISOString(),
    MarketId: Number(bet.mid),
    PL: rupees(bet.plPaise),
    BetStatus: bet.status === 'Voided' ? 'Settled' : bet.status,
  };
}

/** docs/product.md#entities matka result. */
export function matkaResultWire(market: MarketRow): MatkaResult {
  return {
    MarketId: Number(market.mid),
    MarketName: market.name,
    Result: market.result ?? '',
    CreatedOn: (market.resultAt ?? market.updatedAt).toISOString(),
  };
}

export function matkaProfitLossWire(row: {
  mid: string;
  gameId: string;
  name: string;
  result: string | null;
  resultAt: Date | null;
  plPaise: bigint;
}): MatkaProfitLossEntry {
  return {
    MarketId: Number(row.mid),
    MarketName: row.name,
    EventId: Number(row.gameId),
    Result: row.result ?? '',
    Amount: rupees(row.plPaise),
    createdOn: (row.resultAt ?? new Date(0)).toISOString(),
  };
}

/**
 * The hub's MatkaChanged of a market (README, "Live updates"): its game, Mid, new state, result
 * (settled only) and close.
 */
export function matkaChangeWire(
  market: Pick<MarketRow, 'mid' | 'gameId' | 'closesAt'>,
  Status: MatkaChange['Status'],
  Result: string | null = null,
): MatkaChange {
  return {
    EventId: Number(market.gameId),
    Mid: Number(market.mid),
    Status,
    Result,
    EndTime: market.closesAt.toISOString(),
  };
}
