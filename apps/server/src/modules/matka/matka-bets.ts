/**
 * Placing matka bets (docs/product.md#calls "Matka"): a PlaceBet body checked, then accepted on
 * the game's open market in one transaction, deduplicated by its Idempotency-Key.
 */
import type { MatkaPlaceBetBody } from '@backlay/contract/matka';
import { matkaBetNo, matkaTotal, rupeesToPaise, type MatkaBet } from '@backlay/domain';
import type { Tx } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import type { Idempotency } from '../idempotency/idempotency.service.js';
import type { StakeRefusal } from '../safer/safer.service.js';
import { holdPosition, lockClientWallet, positionExposure } from '../wallet/wallet.service.js';
import { MATKA_ANSWERS, type MatkaAnswer } from './matka-answers.js';
import { insertBets, lockOpenMarket } from './matka-bets.queries.js';
import { ensureMarkets, gameById } from './matka.queries.js';

const refuse = (Result: string): MatkaAnswer => ({ Status: false, Result });

/** Bets of a PlaceBet body with their total in paise, or the refusal (docs/product.md#calls; docs/decisions.md#api). */
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

/** What placing needs: the clock, the Idempotency-Key's record and the client's limits. */
export interface MatkaBetsDeps {
  readonly clock: Clock;
  readonly idempotency: Idempotency;
  readonly stakeRefusal?: StakeRefusal;
}

export interface MatkaPlaceRequest {
  readonly clientId: string;
  readonly body: MatkaPlaceBetBody;
  readonly ipAddress: string;
  readonly idempotencyKey: string | undefined;
  readonly route: string;
}

/** docs/decisions.md#money acceptance in one transaction: the open market FOR SHARE, then the wallet FOR UPDATE. */
async function accept(
  deps: MatkaBetsDeps,
  tx: Tx,
  clientId: string,
  body: MatkaPlaceBetBody,
  ipAddress: string,
): Promise<MatkaAnswer> {
  const checked = matkaBetsOf(body);
  if (typeof checked === 'string') return refuse(checked);
  const game = await gameById(tx, String(body.EventId));
  if (!game) return refuse(MATKA_ANSWERS.unknownGame);
  const now = deps.clock.now();
  await ensureMarkets(tx, now);
  const market = await lockOpenMarket(tx, game.id, now);
  if (!market) return refuse(MATKA_ANSWERS.closed);

  const locked = await lockClientWallet(tx, clientId);
  if (!locked) throw new Error(`client ${clientId} has no account`);
  // A game's worst case is losing every amount staked on it: the position grows by the total,
  // refused when the main balance cannot cover it (docs/decisions.md#money).
  const before = await positionExposure(tx, clientId, market.mid);
  const total = BigInt(matkaTotal(checked.bets));
  // Each number is a bet for the stake limit; the total is what the loss limits see.
  const limited = await deps.stakeRefusal?.(tx, {
    clientId,
    held: locked.wallet.exposure,
    added: total,
    stakePaise: BigInt(checked.bets.reduce((most, bet) => Math.max(most, bet.amount), 0)),
  });
  if (limited) return refuse(limited);
  const isHeld = await holdPosition(tx, {
    accountId: locked.accountId,
    clientId,
    positionKey: market.mid,
    eventId: null,
    exposure: before + total,
  });
  if (!isHeld) return refuse(MATKA_ANSWERS.insufficient);

  await insertBets(
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

export function placeMatkaBets(
  deps: MatkaBetsDeps,
  request: MatkaPlaceRequest,
): Promise<MatkaAnswer> {
  return deps.idempotency(
    {
      clientId: request.clientId,
      key: request.idempotencyKey,
      route: request.route,
      body: request.body,
    },
    (tx) => accept(deps, tx, request.clientId, request.body, request.ipAddress),
  );
}
