import { createHash } from 'node:crypto';
import {
  CASINO_MAX_PAYOUT,
  CASINO_MAX_STAKE,
  CASINO_MAX_WIN_LIMIT,
  casinoGameId,
  type CasinoGameId,
} from '@backlay/contract/casino';
import { assertNever, rupeesToPaise } from '@backlay/domain';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import { conflict } from '../../errors.js';
import { rupeesWire } from '../../money.js';
import type { Clock, Random } from '../../seams.js';
import type { StakeRefusal } from '../safer/safer.service.js';
import { requestHash } from '../idempotency/idempotency.service.js';
import type { OperatorOutcome } from '../operator-outcome.js';
import {
  accountOfClient,
  holdPosition,
  lockClientWallet,
  readWallet,
  releasePosition,
  settlePositions,
} from '../wallet/wallet.service.js';
import * as q from './casino.queries.js';
import {
  casinoDescription,
  casinoGame,
  creditWire,
  debitWire,
  roundRemark,
  sessionWire,
  type CasinoAnswer,
  type SessionResult,
} from './casino.wire.js';

/** docs/decisions.md#silent-rules: a launch token works once, within a minute of its minting. */
export const CASINO_LAUNCH_TTL_MS = 60_000;
/** A provider session ends after this long without a call. */
export const CASINO_SESSION_IDLE_MS = 30 * 60_000;

/** The casino refusals, as the provider (and through it the player) reads them. */
export const CASINO_ANSWERS = {
  unknownToken: 'Unknown launch token: open the game again from the lobby',
  usedToken: 'This launch token was already used: open the game again from the lobby',
  expiredToken: 'This launch token has expired: open the game again from the lobby',
  loggedOut: 'The player has logged out: open the game again from the lobby',
  unknownSession: 'Casino session expired or unknown: open the game again from the lobby',
  badAmount: 'Amount must be greater than 0, with at most two decimals, within the round limit',
  insufficient: 'Insufficient balance',
  unknownRound: 'No such round for this player',
  roundConflict: 'This roundId was used with another request',
  refusedRound: 'This round was refused at its Debit: there is nothing to settle',
  voidedRound:
    'This round was voided by the operator and its stake returned: there is nothing to settle',
} as const;

type DebitResult = ReturnType<typeof debitWire>;

/** Paise as an audit snapshot writes them: a string, exact at any size. */
const paiseText = (paise: bigint) => paise.toString();

/** A round as the operator's audit log keeps it, before and after an action. */
function roundSnapshot(round: q.RoundRow) {
  return {
    roundId: round.roundId,
    status: round.status,
    clientId: round.clientId,
    gameId: round.gameId,
    stakePaise: paiseText(round.stakePaise),
    ...(round.voidReason === null ? {} : { voidReason: round.voidReason }),
  };
}

const refuse = <T>(Result: string): CasinoAnswer<T> => ({ Status: false, Result });

const hashSecret = (value: string) => createHash('sha256').update(value).digest();

/** Wire rupees to paise within (0 or more) … `max` rupees, or null. */
function amountPaise(rupees: number, max: number, allowZero: boolean): bigint | null {
  const paise = rupeesToPaise(rupees);
  if (paise === null || rupees > max) return null;
  if (paise < 0 || (paise === 0 && !allowZero)) return null;
  return BigInt(paise);
}

export interface WinningsCap {
  /** What the round pays back, the stake included, after the limit. */
  readonly paidPaise: bigint;
  /** The net result booked: `paid − stake`. */
  readonly netPaise: bigint;
  readonly isCapped: boolean;
}

/**
 * House rules (docs/product.md#constants): net winnings of a round above the winning limit are not paid. A loss is
 * never touched; a win pays the stake back plus at most `limit`.
 */
export function capWinnings(
  stakePaise: bigint,
  payoutPaise: bigint,
  limitPaise: bigint,
): WinningsCap {
  const net = payoutPaise - stakePaise;
  const isCapped = net > limitPaise;
  const netPaise = isCapped ? limitPaise : net;
  return { paidPaise: stakePaise + netPaise, netPaise, isCapped };
}

export interface CasinoServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  /** CASINO_WIN_LIMIT in paise: the limit of a client without one of their own. */
  readonly defaultWinLimitPaise: number;
  /** Hears a round's Debit or Credit that moved the client's money, after it committed. */
  readonly onBalanceChanged?: (clientId: string) => void;
  /** The client's limits on a stake (safer.service's stakeRefusalIn); none checked without it. */
  readonly stakeRefusal?: StakeRefusal;
}

/** Casino launch, the provider's wallet and the winning limit (docs/decisions.md#money, #silent-rules "Casino"). */
export function createCasinoService(deps: CasinoServiceDeps) {
  const { db, clock, random } = deps;
  const defaultLimit = BigInt(deps.defaultWinLimitPaise);

  const limitOf = (profile: { winLimitPaise: bigint | null }) =>
    profile.winLimitPaise ?? defaultLimit;

  /** The client's MainBalance, read under the wallet's lock (held to the end of `tx`). */
  async function mainBalanceOf(tx: Tx, clientId: string): Promise<bigint> {
    return (await readWallet(tx, clientId)).mainBalance;
  }

  /**
   * A transaction whose work may report the client whose money it moved; the report reaches
   * `onBalanceChanged` once the transaction committed (a retried attempt starts again).
   */
  async function committed<T>(
    work: (tx: Tx, moved: (clientId: string) => void) => Promise<T>,
  ): Promise<T> {
    let movedFor: string | null = null;
    const result = await inTransaction(db, (tx) => {
      movedFor = null;
      return work(tx, (clientId) => {
        movedFor = clientId;
      });
    });
    if (movedFor !== null) deps.onBalanceChanged?.(movedFor);
    return result;
  }

  function session(tx: Tx, given: string, at: Date) {
    return q.touchSession(
      tx,
      hashSecret(given),
      at,
      new Date(at.getTime() - CASINO_SESSION_IDLE_MS),
    );
  }

  /** The stored answer for a repeated call, or a 409 for another payload (docs/decisions.md#api). */
  function replay<T>(stored: unknown, storedHash: Buffer | null, hash: Buffer): CasinoAnswer<T> {
    if (storedHash === null || !storedHash.equals(hash))
      throw conflict(CASINO_ANSWERS.roundConflict);
    return stored as CasinoAnswer<T>;
  }

  /**
   * A Debit whose provider session is unknown (never issued, idle, or of a revoked login): no
   * player, so the refusal is kept against the round id with no client, and "the same request"
   * is the same amount from the same session. A round id a player's Debit already holds gets the
   * plain refusal: this session cannot be told to be theirs, and nothing is recorded.
   */
  async function refuseUnknownSession(
    tx: Tx,
    body: { session: string; roundId: string; amount: number },
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
   * An operator's void of a round whose provider never sent its Credit (docs/architecture.md,
   * "Operator voids and rollbacks"): the round row FOR UPDATE, then the client's wallet, the
   * stake's hold released once and the round marked voided. No ledger row: no money was won or
   * lost, the stake only stops being held.
   */
  async function voidRoundIn(
    tx: Tx,
    roundId: string,
    reason: string,
    moved: (clientId: string) => void,
  ): Promise<OperatorOutcome> {
    const why = reason.trim();
    if (why === '') return { ok: false, message: 'Give the reason for voiding the round' };
    const round = await q.lockRound(tx, roundId);
    if (!round) return { ok: false, message: `No casino round ${roundId}` };
    const before = roundSnapshot(round);
    switch (round.status) {
      case 'open':
        break;
      case 'settled':
        return {
          ok: false,
          message: `Round ${roundId} was settled by its Credit${round.settledAt ? ` at ${round.settledAt.toISOString()}` : ''}: there is no stake to release`,
          before,
        };
      case 'voided':
        return {
          ok: false,
          message: `Round ${roundId} was voided already${round.voidedAt ? ` at ${round.voidedAt.toISOString()}` : ''}: its stake was released then`,
          before,
        };
      case 'refused':
        return {
          ok: false,
          message: `Round ${roundId} was refused at its Debit: it holds no stake`,
          before,
        };
      default:
        return assertNever(round.status, 'round status');
    }
    const clientId = round.clientId;
    if (clientId === null) throw new Error(`open round ${roundId} has no client`);
    const profile = await q.clientProfile(tx, clientId);
    const locked = await lockClientWallet(tx, clientId);
    if (!profile || !locked) throw new Error(`client ${clientId} has no account`);
    const released = await releasePosition(tx, {
      accountId: locked.accountId,
      clientId,
      positionKey: q.roundPositionKey(roundId),
    });
    const at = clock.now();
    await q.voidRound(tx, { roundId, reason: why, at });
    moved(clientId);
    return {
      ok: true,
      message: `Voided round ${roundId} of ${profile.username} (${casinoGame(round.gameId).name}): stake ₹ ${rupeesWire(released).toFixed(2)} released`,
      before,
      after: {
        ...roundSnapshot({ ...round, status: 'voided', voidedAt: at, voidReason: why }),
        releasedPaise: paiseText(released),
      },
    };
  }

  return {
    /** Mints a launch token for the client's game: 32 random bytes; only its SHA-256 is kept. */
    async launch(request: {
      clientId: string;
      sessionId: string;
      gameId: CasinoGameId;
    }): Promise<{ token: string; expiresAt: Date }> {
      const at = clock.now();
      const token = random.bytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + CASINO_LAUNCH_TTL_MS);
      await q.deleteExpiredLaunches(db, new Date(at.getTime() - CASINO_SESSION_IDLE_MS));
      await q.insertLaunch(db, {
        tokenHash: hashSecret(token),
        clientId: request.clientId,
        sessionId: request.sessionId,
        gameId: request.gameId,
        at,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /** Exchanges a launch token, once and within its minute, for the player and a provider session. */
    openSession(token: string): Promise<CasinoAnswer<SessionResult>> {
      return inTransaction(db, async (tx) => {
        const at = clock.now();
        const tokenHash = hashSecret(token);
        const launch = await q.lockLaunch(tx, tokenHash);
        if (!launch) return refuse(CASINO_ANSWERS.unknownToken);
        if (launch.usedAt !== null) return refuse(CASINO_ANSWERS.usedToken);
        if (launch.expiresAt.getTime() <= at.getTime()) return refuse(CASINO_ANSWERS.expiredToken);
        if (launch.isSessionRevoked) return refuse(CASINO_ANSWERS.loggedOut);
        const gameId = casinoGameId.safeParse(launch.gameId);
        if (!gameId.success) return refuse(CASINO_ANSWERS.unknownToken);
        await q.useLaunch(tx, tokenHash, at);

        const profile = await q.clientProfile(tx, launch.clientId);
        if (!profile) throw new Error(`client ${launch.clientId} is missing`);
        await q.deleteIdleSessions(tx, new Date(at.getTime() - CASINO_SESSION_IDLE_MS));
        const provided = random.bytes(32).toString('base64url');
        await q.insertSession(tx, {
          hash: hashSecret(provided),
          clientId: launch.clientId,
          sessionId: launch.sessionId,
          gameId: gameId.data,
          at,
        });
        return {
          Status: true,
          Result: sessionWire({
            clientId: launch.clientId,
            username: profile.username,
            gameId: gameId.data,
            mainBalancePaise: await mainBalanceOf(tx, launch.clientId),
            winLimitPaise: limitOf(profile),
            session: provided,
          }),
        };
      });
    },

    /**
     * Holds a round's stake like a bet (docs/decisions.md#money): under the wallet's FOR UPDATE lock, the
     * client's exposure grows by the stake under position key `casino:{roundId}`, refused when
     * MainBalance cannot cover it. Idempotent per round id, a refusal as much as an acceptance:
     * either is kept with the round id.
     */
    debit(body: {
      session: string;
      roundId: string;
      amount: number;
    }): Promise<CasinoAnswer<DebitResult>> {
      return committed(async (tx, moved) => {
        const at = clock.now();
        const player = await session(tx, body.session, at);
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
        moved(player.clientId);
        return answer;
      });
    },

    /**
     * Settles a round once: releases its hold and books ONE ledger pair with the house (kind
     * profit_loss, MarketType CASINO) for the net result, winnings capped at the client's
     * winning limit. `paid` is what was paid back. Idempotent per round id.
     */
    credit(body: {
      session: string;
      roundId: string;
      amount: number;
      detail: string;
    }): Promise<CasinoAnswer<ReturnType<typeof creditWire>>> {
      return committed(async (tx, moved) => {
        const at = clock.now();
        const player = await session(tx, body.session, at);
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
        if (!round || round.clientId !== player.clientId)
          return refuse(CASINO_ANSWERS.unknownRound);
        const hash = requestHash('casino-credit', { amount: body.amount, detail: body.detail });
        if (round.status === 'settled') return replay(round.creditAnswer, round.creditHash, hash);
        // Its stake went back when the operator voided it: a Credit now would pay a round the
        // player no longer has at stake.
        if (round.status === 'voided') return refuse(CASINO_ANSWERS.voidedRound);
        const payout = amountPaise(body.amount, CASINO_MAX_PAYOUT, true);
        if (payout === null) return refuse(CASINO_ANSWERS.badAmount);

        const profile = await q.clientProfile(tx, player.clientId);
        if (!profile) throw new Error(`client ${player.clientId} is missing`);
        const limit = limitOf(profile);
        const result = capWinnings(round.stakePaise, payout, limit);

        const accountId = await accountOfClient(tx, player.clientId);
        if (!accountId) throw new Error(`client ${player.clientId} has no account`);
        // The round's hold released and ONE ledger pair of the net result; a round that breaks
        // even moves no money (the ledger has no zero rows) and gets no transaction id.
        const txnIds = await settlePositions(tx, random, {
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
          lines: [{ clientId: player.clientId, accountId, amountPaise: result.netPaise }],
        });
        const txnId = txnIds.get(player.clientId) ?? null;
        const answer = {
          Status: true as const,
          Result: creditWire(
            await mainBalanceOf(tx, player.clientId),
            body.roundId,
            result.paidPaise,
          ),
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
        moved(player.clientId);
        return answer;
      });
    },

    /** Open rounds (a Debit without its Credit), opened before `olderThan` when given; oldest first. */
    openRounds: (olderThan?: Date): Promise<q.OpenRoundRow[]> => q.openRounds(db, olderThan),

    voidRoundIn,

    /** `voidRoundIn` in its own transaction; the client's connections hear it after the commit. */
    voidRound: (roundId: string, reason: string): Promise<OperatorOutcome> =>
      committed((tx, moved) => voidRoundIn(tx, roundId, reason, moved)),

    /** The player's MainBalance (what a round may stake). */
    balance(given: string): Promise<CasinoAnswer<{ balance: number }>> {
      return inTransaction(db, async (tx) => {
        const player = await session(tx, given, clock.now());
        if (!player) return refuse(CASINO_ANSWERS.unknownSession);
        return {
          Status: true,
          Result: { balance: rupeesWire(await mainBalanceOf(tx, player.clientId)) },
        };
      });
    },

    /** The operator's winning limit of a client in rupees; null puts the client back on the default. */
    async setWinLimit(
      username: string,
      rupees: number | null,
    ): Promise<{ ok: boolean; message: string }> {
      const paise = rupees === null ? null : amountPaise(rupees, CASINO_MAX_WIN_LIMIT, true);
      if (rupees !== null && paise === null) {
        return { ok: false, message: 'The winning limit must be rupees with at most two decimals' };
      }
      const clientId = await q.setWinLimit(db, username, paise);
      if (!clientId) return { ok: false, message: `No client named '${username}'` };
      return {
        ok: true,
        message:
          paise === null
            ? `Winning limit of ${username} back to the default (${rupeesWire(defaultLimit).toFixed(2)})`
            : `Winning limit of ${username} set to ${rupeesWire(paise).toFixed(2)}`,
      };
    },
  };
}

export type CasinoService = ReturnType<typeof createCasinoService>;
