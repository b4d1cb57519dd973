/**
 * The takes a settled result is split by (docs/agents.md#settlement-split): each bet's version of
 * its client's takes, the account of each level, the clients' commission rates, and a client's
 * market turned into ledger bookings by the domain's `splitResult` and `splitCommission`.
 * Settlement, matka and casino call these on their transaction before the wallet locks anything;
 * the rows read never change once written.
 */
import {
  splitCommission,
  splitResult,
  WHOLE_BP,
  type LevelBooking,
  type SplitResult,
  type TakeShare,
} from '@backlay/domain';
import type { Db, Tx } from '../../db/pool.js';
import * as q from './takes.queries.js';

/** A bet's version of takes: an agent_takes id, or null before the network (the admin alone). */
export type TakesId = string | null;

/** The top of the tree: the admin's id and its account, the house's. */
type Top = { readonly admin: string; readonly house: string };

async function readTakes(
  db: Db | Tx,
  top: Top,
  takesIds: readonly TakesId[],
): Promise<Map<TakesId, TakeShare[]>> {
  const ids = [...new Set(takesIds.filter((id): id is string => id !== null))];
  const takes = new Map<TakesId, TakeShare[]>();
  for (const row of await q.takesRows(db, ids)) {
    takes.set(
      row.id,
      row.takes.map(([agentId, takeBp]) => ({ userId: String(agentId), takeBp })),
    );
  }
  const missing = ids.find((id) => !takes.has(id));
  if (missing !== undefined) throw new Error(`takes ${missing} are missing`);
  if (takesIds.includes(null)) takes.set(null, [{ userId: top.admin, takeBp: WHOLE_BP }]);
  return takes;
}

async function readAccounts(
  db: Db | Tx,
  top: Top,
  agentIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = new Set(agentIds);
  const agents = [...ids].filter((id) => id !== top.admin);
  const accounts = new Map(
    (await q.agentAccounts(db, agents)).map((row) => [row.agentId, row.accountId]),
  );
  if (ids.has(top.admin)) accounts.set(top.admin, top.house);
  return accounts;
}

/**
 * The takes of each version asked for, top down (docs/agents.md#partnership): a null version (a
 * bet placed before the network) is the admin alone, at 100 %.
 */
export async function takesByIds(
  db: Db | Tx,
  takesIds: readonly TakesId[],
): Promise<Map<TakesId, TakeShare[]>> {
  return readTakes(db, await q.adminAndHouse(db), takesIds);
}

/** The account of each level: the admin's is the house's, an agent's its own (migration 0019). */
export async function levelAccounts(
  db: Db | Tx,
  agentIds: readonly string[],
): Promise<Map<string, string>> {
  return readAccounts(db, await q.adminAndHouse(db), agentIds);
}

/** A client's commission rates in basis points (docs/agents.md#commission). */
export interface CommissionRates {
  readonly matchBp: number;
  readonly sessionBp: number;
}

/** Each client's commission rates, as set on its row. */
export async function clientCommission(
  db: Db | Tx,
  clientIds: readonly string[],
): Promise<Map<string, CommissionRates>> {
  const rows = await q.commissionRates(db, [...new Set(clientIds)]);
  return new Map(
    rows.map((row) => [
      row.id,
      { matchBp: row.match_commission_bp, sessionBp: row.session_commission_bp },
    ]),
  );
}

/** One account's booking, in paise (+ the account gains). */
export interface AccountBooking {
  readonly accountId: string;
  readonly amountPaise: bigint;
}

/** One client's settled market, to be split among the levels above it. */
export interface ClientResult {
  readonly clientId: string;
  /**
   * Its bets in the order they were placed (id ascending): each result for the client in paise
   * and the version of takes it was placed under. The largest remainder's ties go to the first
   * met (docs/agents.md#settlement-split).
   */
  readonly bets: readonly { readonly resultPaise: bigint; readonly takesId: TakesId }[];
  /**
   * What the house keeps beside the split, booked to the admin (the settlement's commission on a
   * net win, docs/decisions.md#money): the client gets its result less this.
   */
  readonly houseKeepsPaise?: bigint;
  /**
   * Commission paid to the client and the version of takes that bears it, its latest bet's
   * (docs/agents.md#commission). Zero or none: nothing.
   */
  readonly commission?: { readonly paise: bigint; readonly takesId: TakesId };
}

/** What a client's market books for the levels, by account. */
export interface ClientSplit {
  /** Each level's booking of the result, together the client's amount negated. */
  readonly levels: readonly AccountBooking[];
  /** The commission paid to the client and the levels' bearing of it; null for none. */
  readonly commission: {
    readonly paise: bigint;
    readonly levels: readonly AccountBooking[];
  } | null;
}

function booked(split: SplitResult, clientId: string): readonly LevelBooking[] {
  // Takes are whole basis points summing to 100 % when written (takesOnPath): a refusal here is
  // a broken row, not a rule a caller can meet.
  if (!split.ok) throw new Error(`split of client ${clientId}: ${split.message}`);
  return split.bookings;
}

/**
 * Each client's market as bookings of the level accounts (docs/agents.md#settlement-split and
 * #commission): its bets' results shared by their own versions' takes, rounded once by the
 * largest remainder (`splitResult`), what the house keeps added to the admin's, and the
 * commission borne by its latest bet's takes (`splitCommission`). Every level of the takes gets a
 * booking, zero included (the wallet writes no zero row).
 */
export async function splitByClient(
  db: Db | Tx,
  results: readonly ClientResult[],
): Promise<Map<string, ClientSplit>> {
  const top = await q.adminAndHouse(db);
  const { admin } = top;
  const takes = await readTakes(
    db,
    top,
    results.flatMap((result) => [
      ...result.bets.map((bet) => bet.takesId),
      ...(result.commission ? [result.commission.takesId] : []),
    ]),
  );
  const takesOf = (takesId: TakesId): TakeShare[] => {
    const found = takes.get(takesId);
    if (!found) throw new Error(`takes ${String(takesId)} are missing`);
    return found;
  };
  const accounts = await readAccounts(db, top, [
    admin,
    ...[...takes.values()].flat().map((share) => share.userId),
  ]);
  const toAccounts = (bookings: readonly LevelBooking[]): AccountBooking[] =>
    bookings.map(({ userId, paise }) => {
      const accountId = accounts.get(userId);
      if (accountId === undefined) throw new Error(`agent ${userId} has no account`);
      return { accountId, amountPaise: paise };
    });

  const splits = new Map<string, ClientSplit>();
  for (const result of results) {
    const split = booked(
      splitResult(
        result.bets.map((bet) => ({ resultPaise: bet.resultPaise, takes: takesOf(bet.takesId) })),
      ),
      result.clientId,
    );
    const keeps = result.houseKeepsPaise ?? 0n;
    const levels =
      keeps === 0n
        ? split
        : split.some((booking) => booking.userId === admin)
          ? split.map((booking) =>
              booking.userId === admin ? { ...booking, paise: booking.paise + keeps } : booking,
            )
          : [{ userId: admin, paise: keeps }, ...split];
    const paid = result.commission?.paise ?? 0n;
    const commission =
      result.commission && paid !== 0n
        ? {
            paise: paid,
            levels: toAccounts(
              booked(splitCommission(paid, takesOf(result.commission.takesId)), result.clientId),
            ),
          }
        : null;
    splits.set(result.clientId, { levels: toAccounts(levels), commission });
  }
  return splits;
}
