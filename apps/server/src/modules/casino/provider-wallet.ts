/**
 * The provider's wallet calls (docs/decisions.md#casino): balance, Debit (holds a round's stake)
 * and Credit (settles it), each idempotent per round id (docs/decisions.md#idempotency).
 */
import { CASINO_MAX_PAYOUT, CASINO_MAX_STAKE } from '@backlay/contract/casino';
import { inTransaction, type Tx } from '../../db/pool.js';
import { conflict } from '../../errors.js';
import { rupeesWire } from '../../money.js';
import type { StakeRefusal } from '../safer/safer.service.js';
import { splitByClient } from '../agents/takes.js';
import { requestHash } from '../idempotency/idempotency.service.js';
import {
  accountOfClient,
  holdPosition,
  lockClientWallet,
  settlePositions,
} from '../wallet/wallet.service.js';
import { CASINO_ANSWERS, refuse, replay } from './casino-answers.js';
import { amountPaise, capWinnings, limitOf, mainBalanceOf } from './casino-money.js';
import * as q from './casino.queries.js';
import {
  casinoDescription,
  creditWire,
  debitWire,
  roundRemark,
  type CasinoAnswer,
} from './casino.wire.js';
import { hashSecret, providerSession, type LaunchDeps } from './launch.js';

type DebitResult = ReturnType<typeof debitWire>;

/**
 * Reports the client whose money a round moved and the round's game (the house's risk book holds
 * the game's open stakes, docs/backoffice.md "Live risk").
 */
export type Moved = (clientId: string, gameId: string | null) => void;

/** A transaction whose work may report the client whose money it moved (casino.service.ts). */
export type Committed = <T>(work: (tx: Tx, moved: Moved) => Promise<T>) => Promise<T>;

/** What the wallet calls need: a launch's deps, `committed` and the client's limits on a stake. */
export interface ProviderWalletDeps extends LaunchDeps {
  /** Runs a Debit or a Credit; the client whose money it moved hears it after the commit. */
  readonly committed: Committed;
  /** The client's limits on a stake (safer.service's stakeRefusalIn); none checked without it. */
  readonly stakeRefusal?: StakeRefusal;
}

export interface DebitBody {
  session: string;
  roundId: string;
  amount: number;
}

export interface CreditBody extends DebitBody {
  detail: string;
}

/**
 * A Debit whose provider session is unknown (never issued, idle, or of a revoked login): no
 * player, so the refusal is kept against the round id with no client, and "the same request"
 * is the same amount from the same session. A round id a player's Debit already holds gets the
 * plain refusal: this session cannot be told to be theirs, and nothing is recorded.
 */
async function refuseUnknownSession(
  tx: Tx,
  body: DebitBody,
  at: Date,
): Promise<CasinoAnswer<DebitResult>> {
  const answer = refuse<DebitResult>(CASINO_ANSWERS.unknownSession);
  const hash = requestHash('casino-debit', {
    amount: body.amount,
    session: hashSecret(body.session).toString('hex'),
  });
  const replayOf = (round: q.RoundRow) =>
    round.clientId === null
      ? replay<DebitResult>(round.debitAnswer, round.debitHash, hash)
      : answer;
  const earlier = await q.findRound(tx, body.roundId);
  if (earlier) return replayOf(earlier);
  const isKept = await q.insertRefusedRound(tx, {
    roundId: body.roundId,
    clientId: null,
    gameId: null,
    debitHash: hash,
    debitAnswer: answer,
    at,
  });
  if (isKept) return answer;
  const raced = await q.findRound(tx, body.roundId);
  return raced ? replayOf(raced) : answer;
}

/**
 * Holds a round's stake like a bet (docs/decisions.md#money): under the wallet's FOR UPDATE lock, the
 * client's exposure grows by the stake under position key `casino:{roundId}`, refused when
 * MainBalance cannot cover it. Idempotent per round id, a refusal as much as an acceptance:
 * either is kept with the round id.
 */
export function debit(
  deps: ProviderWalletDeps,
  body: DebitBody,
): Promise<CasinoAnswer<DebitResult>> {
  return deps.committed(async (tx, moved) => {
    const at = deps.clock.now();
    const player = await providerSession(tx, body.session, at);
    if (!player) return refuseUnknownSession(tx, body, at);
    const hash = requestHash('casino-debit', { amount: body.amount });
    const replayOf = (round: q.RoundRow) => {
      // Another player's round id is taken, whatever the payload.
      if (round.clientId !== player.clientId) throw conflict(CASINO_ANSWERS.roundConflict);
      return replay<DebitResult>(round.debitAnswer, round.debitHash, hash);
    };
    // A refusal is kept against the round id like an acceptance, so that the round can never
    // be taken later with the same id: the same request gets the same refusal, another one
    // the 409 (docs/decisions.md#api). Nothing was held.
    const keepRefusal = async (message: string) => {
      const answer = refuse<DebitResult>(message);
      const isKept = await q.insertRefusedRound(tx, {
        roundId: body.roundId,
        clientId: player.clientId,
        gameId: player.gameId,
        debitHash: hash,
        debitAnswer: answer,
        at,
      });
      if (isKept) return answer;
      // A Debit of this round id committed meanwhile: its answer, or the 409.
      const raced = await q.findRound(tx, body.roundId);
      if (!raced) throw new Error(`round ${body.roundId} conflicted but is missing`);
      return replayOf(raced);
    };
    const earlier = await q.findRound(tx, body.roundId);
    if (earlier) return replayOf(earlier);
    const stake = amountPaise(body.amount, CASINO_MAX_STAKE, false);
    if (stake === null) return keepRefusal(CASINO_ANSWERS.badAmount);

    const locked = await lockClientWallet(tx, player.clientId);
    if (!locked) throw new Error(`client ${player.clientId} has no account`);
    // A Debit of the same round that committed while this one waited for the wallet.
    const raced = await q.findRound(tx, body.roundId);
    if (raced) return replayOf(raced);
    // The client's limits (docs/safer-gambling.md), kept against the round id like any refusal.
    const limited = await deps.stakeRefusal?.(tx, {
      clientId: player.clientId,
      held: locked.wallet.exposure,
      added: stake,
      stakePaise: stake,
    });
    if (limited) return keepRefusal(limited);
    // The stake held under the round's position key, refused (nothing changed) when the
    // main balance cannot cover it.
    const isHeld = await holdPosition(tx, {
      accountId: locked.accountId,
      clientId: player.clientId,
      positionKey: q.roundPositionKey(body.roundId),
      eventId: null,
      exposure: stake,
    });
    if (!isHeld) return keepRefusal(CASINO_ANSWERS.insufficient);

    const answer = {
      Status: true as const,
      Result: debitWire(locked.wallet.mainBalance - stake, body.roundId),
    };
    const opened = await q.insertRound(tx, {
      roundId: body.roundId,
      clientId: player.clientId,
      gameId: player.gameId,
      stakePaise: stake,
      debitHash: hash,
      debitAnswer: answer,
      at,
    });
    if (!opened) {
      // Another client's Debit of this round id committed meanwhile (the hold rolls back).
      throw conflict(CASINO_ANSWERS.roundConflict);
    }
    moved(player.clientId, player.gameId);
    return answer;
  });
}

/**
 * Settles a round once: releases its hold and books ONE ledger transaction (kind profit_loss,
 * MarketType CASINO) of the net result, winnings capped at the client's winning limit, the
 * levels booking its split by the takes of the round's Debit (the house alone before the
 * network). `paid` is what was paid back. Idempotent per round id.
 */
export function credit(
  deps: ProviderWalletDeps,
  body: CreditBody,
): Promise<CasinoAnswer<ReturnType<typeof creditWire>>> {
  return deps.committed(async (tx, moved) => {
    const at = deps.clock.now();
    const player = await providerSession(tx, body.session, at);
    if (!player) return refuse(CASINO_ANSWERS.unknownSession);
    const round = await q.lockRound(tx, body.roundId);
    // A round refused at its Debit (for this player, or for a session nobody could be told
    // from) holds nothing and settles nothing.
    if (
      round?.status === 'refused' &&
      (round.clientId === null || round.clientId === player.clientId)
    ) {
      return refuse(CASINO_ANSWERS.refusedRound);
    }
    if (!round || round.clientId !== player.clientId) return refuse(CASINO_ANSWERS.unknownRound);
    const hash = requestHash('casino-credit', { amount: body.amount, detail: body.detail });
    if (round.status === 'settled') return replay(round.creditAnswer, round.creditHash, hash);
    // Its stake went back when the operator voided it: a Credit now would pay a round the
    // player no longer has at stake.
    if (round.status === 'voided') return refuse(CASINO_ANSWERS.voidedRound);
    const payout = amountPaise(body.amount, CASINO_MAX_PAYOUT, true);
    if (payout === null) return refuse(CASINO_ANSWERS.badAmount);

    const profile = await q.clientProfile(tx, player.clientId);
    if (!profile) throw new Error(`client ${player.clientId} is missing`);
    const limit = limitOf(profile, deps.defaultLimit);
    const result = capWinnings(round.stakePaise, payout, limit);

    const accountId = await accountOfClient(tx, player.clientId);
    if (!accountId) throw new Error(`client ${player.clientId} has no account`);
    // The net result split among the levels by the takes the stake was placed under
    // (docs/agents.md#settlement-split; casino pays no commission, docs/agents.md#commission).
    const split = (
      await splitByClient(tx, [
        {
          clientId: player.clientId,
          bets: [{ resultPaise: result.netPaise, takesId: round.takesId }],
        },
      ])
    ).get(player.clientId);
    if (!split) throw new Error(`round ${body.roundId} has no split`);
    // The round's hold released and ONE ledger transaction of the net result and its split; a
    // round that breaks even moves no money (the ledger has no zero rows) and gets no
    // transaction id.
    const txnIds = await settlePositions(tx, deps.random, {
      positionKey: q.roundPositionKey(body.roundId),
      kind: 'profit_loss',
      remark: roundRemark(
        round.gameId,
        body.roundId,
        result.netPaise,
        result.isCapped ? limit : null,
      ),
      description: casinoDescription(round.gameId),
      eventId: null,
      marketId: body.roundId,
      marketType: 'CASINO',
      at,
      lines: [
        {
          clientId: player.clientId,
          accountId,
          amountPaise: result.netPaise,
          levels: split.levels,
        },
      ],
    });
    const txnId = txnIds.get(player.clientId) ?? null;
    const answer = {
      Status: true as const,
      Result: creditWire(await mainBalanceOf(tx, player.clientId), body.roundId, result.paidPaise),
    };
    await q.settleRound(tx, {
      roundId: body.roundId,
      payoutPaise: payout,
      paidPaise: result.paidPaise,
      detail: body.detail,
      creditHash: hash,
      creditAnswer: answer,
      txnId,
      at,
    });
    moved(player.clientId, round.gameId);
    return answer;
  });
}

/** The player's MainBalance (what a round may stake). */
export function balance(
  deps: ProviderWalletDeps,
  given: string,
): Promise<CasinoAnswer<{ balance: number }>> {
  return inTransaction(deps.db, async (tx) => {
    const player = await providerSession(tx, given, deps.clock.now());
    if (!player) return refuse(CASINO_ANSWERS.unknownSession);
    return {
      Status: true,
      Result: { balance: rupeesWire(await mainBalanceOf(tx, player.clientId)) },
    };
  });
}
