import type { BoClient, boClientDetail, boClients } from '@backlay/contract/backoffice';
import { CASINO_GAMES } from '@backlay/contract/casino';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/pool.js';
import { rupeesWire } from '../../money.js';
import { oddsWire } from '../bets/bets.wire.js';
import type { SaferService } from '../safer/safer.service.js';
import { positionRows } from '../wallet/wallet.audit.js';
import {
  readWallet,
  statementPage,
  statementTotals,
  accountOfClient,
  type StatementFilter,
} from '../wallet/wallet.service.js';
import * as q from './clients.queries.js';

/*
 * The back office's reads of clients (docs/backoffice.md): the list searched by username and one
 * client's wallet, positions, statement and bets. Money comes from the wallet module, the only
 * reader of the money tables (docs/architecture.md, "Money").
 */

type Success<T> = Extract<T, { Status: true }>;
export type BoClientsResult = Success<z.infer<typeof boClients.response>>['Result'];
export type BoClientDetailResult = Success<z.infer<typeof boClientDetail.response>>['Result'];

/** Statement rows and bets a client's detail shows, newest first. */
export const DETAIL_ROWS = 50;

/** Every day a ledger row can have: the statement's window from its first row to its last. */
const ALL_DAYS = { startDate: '1970-01-01', endDate: '9999-12-31', timeZone: 'UTC' } as const;

async function clientWire(db: Db | Tx, row: q.ClientRow): Promise<BoClient> {
  const wallet = await readWallet(db, row.clientId);
  return {
    clientId: row.clientId,
    username: row.username,
    mainBalance: rupeesWire(wallet.mainBalance),
    creditLimit: rupeesWire(wallet.creditLimit),
    exposure: rupeesWire(wallet.exposure),
    isBettingLocked: row.bettingLockedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** A read-only snapshot, so the figures of one answer agree with each other. */
function snapshot<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(work);
}

/**
 * The boClients answer: clients whose username starts with `search` (any case; everyone when
 * absent or empty), by username, `skip` then `take` of them, with how many match.
 */
export async function searchClients(
  db: Db,
  query: { readonly search: string | undefined; readonly skip: number; readonly take: number },
): Promise<BoClientsResult> {
  return snapshot(db, async (tx) => {
    const page = await q.searchClients(tx, {
      prefix: query.search?.trim(),
      skip: query.skip,
      take: query.take,
    });
    // One wallet read per listed client (at most a page): the wallet module reads one at a time.
    const clients = await Promise.all(page.rows.map((row) => clientWire(tx, row)));
    return { total: page.total, clients };
  });
}

/**
 * The ledger's kind of a statement row, from its market type, as the reports' `statementKind`
 * maps them: credit rows name no market, matka and casino results are profit_loss, market and
 * session results (and cancels) are settlement. StatementRow carries no kind of its own.
 */
export function statementKindOf(
  marketType: string | null,
): 'credit' | 'settlement' | 'profit_loss' {
  if (marketType === null) return 'credit';
  return marketType === 'CASINO' || marketType === 'MATKA' ? 'profit_loss' : 'settlement';
}

function placeName(place: q.PositionPlace | undefined, positionKey: string): string {
  if (place?.eventName) return place.eventName;
  if (place?.matkaGame) return `${place.matkaGame} (Mid ${positionKey})`;
  if (place?.casinoGame) {
    const game = CASINO_GAMES.find((entry) => entry.id === place.casinoGame);
    return game?.name ?? place.casinoGame;
  }
  return positionKey;
}

/**
 * The boClientDetail answer, or undefined for no such client: the wallet, every open position
 * with its exposure, the latest {@link DETAIL_ROWS} statement rows (with the balance after each)
 * and bets, newest first. One snapshot.
 */
export async function clientDetail(
  db: Db,
  clientId: string,
): Promise<Omit<BoClientDetailResult, 'safer'> | undefined> {
  return snapshot(db, async (tx) => {
    const row = await q.findClient(tx, clientId);
    const accountId = row && (await accountOfClient(tx, clientId));
    if (!row || accountId === undefined) return undefined;
    const filter: StatementFilter = { accountId, kind: null, sportId: null, window: ALL_DAYS };
    const [client, positions, totals, bets] = await Promise.all([
      clientWire(tx, row),
      positionRows(tx, clientId),
      statementTotals(tx, filter),
      q.latestBets(tx, clientId, DETAIL_ROWS),
    ]);
    const places = new Map(
      (
        await q.positionPlaces(
          tx,
          positions.map((position) => position.positionKey),
        )
      ).map((place) => [place.positionKey, place]),
    );
    const skip = Math.max(0, totals.rows - DETAIL_ROWS);
    const statement = await statementPage(tx, filter, { skip, take: DETAIL_ROWS });
    return {
      client,
      // Largest exposure first, as the risk desk reads them.
      positions: [...positions]
        .sort(
          (a, b) =>
            Number(b.exposurePaise - a.exposurePaise) ||
            (a.positionKey < b.positionKey ? -1 : a.positionKey > b.positionKey ? 1 : 0),
        )
        .map((position) => ({
          eventName: placeName(places.get(position.positionKey), position.positionKey),
          positionKey: position.positionKey,
          exposure: rupeesWire(position.exposurePaise),
        })),
      // The window starts before the first row, so each running sum is the balance after the row.
      statement: statement.reverse().map((entry) => ({
        at: entry.createdAt.toISOString(),
        amount: rupeesWire(entry.amountPaise),
        balance: rupeesWire(entry.runningPaise),
        kind: statementKindOf(entry.marketType),
        remark: entry.remark,
      })),
      bets: bets.map((bet) => ({
        betId: bet.betId,
        placedAt: bet.placedAt.toISOString(),
        eventName: bet.eventName,
        market: bet.market,
        selection: bet.selection,
        side: bet.side,
        odds: oddsWire(bet.marketType, bet.odds),
        stake: bet.stake,
        status: bet.status,
        result: bet.plPaise === null ? null : rupeesWire(bet.plPaise),
      })),
    };
  });
}

/** The back office's client reads over `db`, as its routes call them, with the client's safer-betting view. */
export function createClientsAdmin(
  db: Db,
  safer: Pick<SaferService, 'clientView'>,
): {
  list: (query: {
    readonly search: string | undefined;
    readonly skip: number;
    readonly take: number;
  }) => Promise<BoClientsResult>;
  detail: (clientId: string) => Promise<BoClientDetailResult | undefined>;
} {
  return {
    list: (query) => searchClients(db, query),
    async detail(clientId) {
      const detail = await clientDetail(db, clientId);
      return detail && { ...detail, safer: await safer.clientView(clientId) };
    },
  };
}

export type ClientsAdmin = ReturnType<typeof createClientsAdmin>;
