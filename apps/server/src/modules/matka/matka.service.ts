import type { MatkaPlaceBetBody } from '@backlay/contract/matka';
import { matkaBetNo, matkaTotal, rupeesToPaise, type MatkaBet } from '@backlay/domain';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import type { Clock, Random } from '../../seams.js';
import type { Idempotency } from '../idempotency/idempotency.service.js';
import {
  holdPosition,
  lockClientWallet,
  positionExposure,
  settlePositions,
} from '../wallet/wallet.service.js';
import * as q from './matka.queries.js';

/** The matka refusals and answers, as the bettor and the operator read them. */
export const MATKA_ANSWERS = {
  placed: 'Bet placed successfully',
  unknownGame: 'Matka game not found',
  closed: 'This game is closed for betting',
  noBets: 'Select at least one number to bet on',
  badNumber: 'Bet numbers must be from 00 to 99',
  badAmount: 'Each bet amount must be greater than 0, with at most two decimals',
  badTotal: 'TotalAmount must be a whole number of rupees equal to the sum of the bet amounts',
  insufficient: 'Insufficient balance',
  unknownMarket: 'Matka market not found',
} as const;

export type MatkaAnswer =
  | { readonly Status: true; readonly Result: string }
  | { readonly Status: false; readonly Result: string };

const refuse = (Result: string): MatkaAnswer => ({ Status: false, Result });

/**
 * A fair draw of 00–99 from the injected randomness: one byte, rejected at 200 or above so each
 * number has the same chance (no modulo bias). Never looks at the bets.
 */
export function drawMatkaNumber(random: Random): string {
  for (;;) {
    const [byte = 255] = random.bytes(1);
    if (byte < 200) return String(byte % 100).padStart(2, '0');
  }
}

/** Bets of a PlaceBet body with their total in paise, or the refusal (SPEC §7; DESIGN §4). */
export function matkaBetsOf(body: MatkaPlaceBetBody): { bets: MatkaBet[] } | string {
  if (body.SMBets.length === 0) return MATKA_ANSWERS.noBets;
  const bets: MatkaBet[] = [];
  for (const item of body.SMBets) {
    const betNo = /^\d{2}$/.test(item.BetNo) ? matkaBetNo(Number(item.BetNo)) : null;
    if (betNo === null) return MATKA_ANSWERS.badNumber;
    const amount = rupeesToPaise(item.Amount);
    if (amount === null || amount <= 0) return MATKA_ANSWERS.badAmount;
    bets.push({ betNo, amount });
  }
  const total = rupeesToPaise(body.TotalAmount);
  if (
    !Number.isInteger(body.TotalAmount) ||
    total === null ||
    total <= 0 ||
    total !== matkaTotal(bets)
  ) {
    return MATKA_ANSWERS.badTotal;
  }
  return { bets };
}

export interface MatkaServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly idempotency: Idempotency;
  /** MATKA_PAYOUT: a hit returns this many times its amount, the stake included. */
  readonly payout: number;
}

export type MatkaSettleOutcome =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string };

/** Matka games, bets and results (SPEC §3, §7 "Matka"; DESIGN §4–§6). */
export function createMatkaService(deps: MatkaServiceDeps) {
  const { db, clock, random } = deps;
  const payout = BigInt(deps.payout);

  /** DESIGN §5 acceptance in one transaction: the open market FOR SHARE, then the wallet FOR UPDATE. */
  async function accept(
    tx: Tx,
    clientId: string,
    body: MatkaPlaceBetBody,
    ipAddress: string,
  ): Promise<MatkaAnswer> {
    const checked = matkaBetsOf(body);
    if (typeof checked === 'string') return refuse(checked);
    const game = await q.gameById(tx, String(body.EventId));
    if (!game) return refuse(MATKA_ANSWERS.unknownGame);
    const now = clock.now();
    await q.ensureMarkets(tx, now);
    const market = await q.lockOpenMarket(tx, game.id, now);
    if (!market) return refuse(MATKA_ANSWERS.closed);

    const locked = await lockClientWallet(tx, clientId);
    if (!locked) throw new Error(`client ${clientId} has no account`);
    // A game's worst case is losing every amount staked on it: the position grows by the total,
    // refused when the main balance cannot cover it (DESIGN §5).
    const before = await positionExposure(tx, clientId, market.mid);
    const isHeld = await holdPosition(tx, {
      accountId: locked.accountId,
      clientId,
      positionKey: market.mid,
      eventId: null,
      exposure: before + BigInt(matkaTotal(checked.bets)),
    });
    if (!isHeld) return refuse(MATKA_ANSWERS.insufficient);

    await q.insertBets(
      tx,
      checked.bets.map((bet) => ({
        clientId,
        mid: market.mid,
        betNo: bet.betNo,
        amountPaise: bet.amount,
        ipAddress,
        at: now,
      })),
    );
    return { Status: true, Result: MATKA_ANSWERS.placed };
  }

  /**
   * Settles a market with `result` unless it has one already (the first result wins): each bet
   * Settled with (payout − 1) × amount on a hit or Lost with −amount, one ledger pair per client
   * with the house (kind profit_loss), and the client's exposure on the market released.
   */
  async function settle(
    tx: Tx,
    mid: string,
    result: string,
    source: 'draw' | 'operator',
  ): Promise<MatkaSettleOutcome> {
    const market = await q.lockMarket(tx, mid);
    if (!market) return { ok: false, message: MATKA_ANSWERS.unknownMarket };
    if (market.result !== null) {
      return {
        ok: false,
        message: `${market.name} (Mid ${mid}) already has its result ${market.result}`,
      };
    }
    const at = clock.now();
    await q.setResult(tx, { mid, result, source, at });

    const bets = await q.openBetsOfMarket(tx, mid);
    const netOf = new Map<string, bigint>();
    for (const bet of bets) {
      const hit = bet.betNo === result;
      const pl = hit ? (payout - 1n) * bet.amountPaise : -bet.amountPaise;
      await q.closeBet(tx, bet.id, hit ? 'Settled' : 'Lost', pl);
      netOf.set(bet.clientId, (netOf.get(bet.clientId) ?? 0n) + pl);
    }
    const accounts = await q.clientAccounts(tx, [...netOf.keys()]);
    if (accounts.length > 0) {
      await settlePositions(tx, random, {
        positionKey: mid,
        kind: 'profit_loss',
        remark: `Matka ${market.name} result ${result}`,
        description: `${market.name} (Mid ${mid})`,
        eventId: null,
        marketId: mid,
        marketType: 'MATKA',
        at,
        lines: accounts.map((account) => ({
          clientId: account.clientId,
          accountId: account.accountId,
          amountPaise: netOf.get(account.clientId) ?? 0n,
        })),
      });
    }
    const how = source === 'draw' ? 'drawn' : 'declared';
    return {
      ok: true,
      message: `${market.name} (Mid ${mid}) result ${result} ${how}; ${bets.length} bets settled`,
    };
  }

  return {
    /** Places the bets of a PlaceBet body, deduplicated by the Idempotency-Key. */
    place(request: {
      clientId: string;
      body: MatkaPlaceBetBody;
      ipAddress: string;
      idempotencyKey: string | undefined;
      route: string;
    }): Promise<MatkaAnswer> {
      return deps.idempotency(
        {
          clientId: request.clientId,
          key: request.idempotencyKey,
          route: request.route,
          body: request.body,
        },
        (tx) => accept(tx, request.clientId, request.body, request.ipAddress),
      );
    },

    /** The operator's result for a market; refused when it already has one. */
    declare(mid: string, result: string): Promise<MatkaSettleOutcome> {
      return inTransaction(db, (tx) => settle(tx, mid, result, 'operator'));
    },

    /** Creates the coming markets and draws every market whose close has passed, oldest first. */
    async tick(): Promise<{ drawn: string[] }> {
      const now = clock.now();
      await q.ensureMarkets(db, now);
      const drawn: string[] = [];
      for (const mid of await q.dueMarkets(db, now)) {
        const outcome = await inTransaction(db, (tx) =>
          settle(tx, mid, drawMatkaNumber(random), 'draw'),
        );
        if (outcome.ok) drawn.push(mid);
      }
      return { drawn };
    },

    /** Each game's current market (open now, else the next to open), by open time. */
    async currentMarkets() {
      const now = clock.now();
      await q.ensureMarkets(db, now);
      return { now, markets: await q.currentMarkets(db, now) };
    },

    betsOfClient: (clientId: string, mid: string | null) =>
      q.betsOfClient(db, clientId, mid, mid === null ? 500 : 10_000),

    latestResults: () => q.latestResults(db, 100),

    exposureOf: (clientId: string, mid: string) => positionExposure(db, clientId, mid),

    profitLoss: async (
      clientId: string,
      range: q.DayRange,
      page: { skip: number; take: number },
    ) => ({
      rows: await q.profitLossPage(db, clientId, range, page),
      total: await q.profitLossCount(db, clientId, range),
    }),
  };
}

export type MatkaService = ReturnType<typeof createMatkaService>;
