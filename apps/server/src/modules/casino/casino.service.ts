import { CASINO_MAX_WIN_LIMIT } from '@backlay/contract/casino';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import { rupeesWire } from '../../money.js';
import type { Clock, Random } from '../../seams.js';
import type { StakeRefusal } from '../safer/safer.service.js';
import type { OperatorOutcome } from '../operator-outcome.js';
import { amountPaise } from './casino-money.js';
import * as q from './casino.queries.js';
import { launch, openSession, type LaunchDeps, type LaunchRequest } from './launch.js';
import {
  balance,
  credit,
  debit,
  type CreditBody,
  type DebitBody,
  type Moved,
  type ProviderWalletDeps,
} from './provider-wallet.js';
import { voidRoundIn } from './round-void.js';

/*
 * The casino module's service (docs/decisions.md#casino; docs/architecture.md, "Operator voids
 * and rollbacks (casino, matka)"): it wires its parts together and serves the operator's reads
 * and winning limit. Each part has one job: launch.ts mints a launch token and opens its provider
 * session, provider-wallet.ts answers the provider's balance, Debit and Credit, round-void.ts is
 * the operator's void of an open round; casino-answers.ts and casino-money.ts are what they share.
 */

export interface CasinoServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  /** CASINO_WIN_LIMIT in paise: the limit of a client without one of their own. */
  readonly defaultWinLimitPaise: number;
  /** Hears a round's Debit or Credit that moved the client's money, after it committed. */
  readonly onBalanceChanged?: (clientId: string) => void;
  /**
   * Hears the game of a round opened, settled or voided, after it committed: the house's risk
   * book holds the open rounds' stakes (docs/backoffice.md, "Live risk").
   */
  readonly onRoundChanged?: (gameId: string) => void;
  /** The client's limits on a stake (safer.service's stakeRefusalIn); none checked without it. */
  readonly stakeRefusal?: StakeRefusal;
}

/** Casino launch, the provider's wallet and the winning limit (docs/decisions.md#money, #silent-rules "Casino"). */
export function createCasinoService(deps: CasinoServiceDeps) {
  const { db, clock, random } = deps;
  const defaultLimit = BigInt(deps.defaultWinLimitPaise);

  /**
   * A transaction whose work may report the client whose money it moved and the round's game;
   * the report reaches `onBalanceChanged` and `onRoundChanged` once the transaction committed (a
   * retried attempt starts again).
   */
  async function committed<T>(work: (tx: Tx, moved: Moved) => Promise<T>): Promise<T> {
    const report: { moved?: { clientId: string; gameId: string | null } } = {};
    const result = await inTransaction(db, (tx) => {
      delete report.moved;
      return work(tx, (clientId, gameId) => {
        report.moved = { clientId, gameId };
      });
    });
    if (report.moved) {
      deps.onBalanceChanged?.(report.moved.clientId);
      if (report.moved.gameId !== null) deps.onRoundChanged?.(report.moved.gameId);
    }
    return result;
  }

  const launchDeps: LaunchDeps = { db, clock, random, defaultLimit };
  const walletDeps: ProviderWalletDeps = {
    ...launchDeps,
    committed,
    stakeRefusal: deps.stakeRefusal,
  };
  const voidDeps = { clock };

  return {
    /** Mints a launch token for the client's game (launch.ts). */
    launch: (request: LaunchRequest) => launch(launchDeps, request),

    /** Exchanges a launch token, once and within its minute, for the player and a provider session. */
    openSession: (token: string) => openSession(launchDeps, token),

    /** Holds a round's stake like a bet; idempotent per round id (provider-wallet.ts). */
    debit: (body: DebitBody) => debit(walletDeps, body),

    /** Settles a round once, winnings capped at the client's winning limit (provider-wallet.ts). */
    credit: (body: CreditBody) => credit(walletDeps, body),

    /** Open rounds (a Debit without its Credit), opened before `olderThan` when given; oldest first. */
    openRounds: (olderThan?: Date): Promise<q.OpenRoundRow[]> => q.openRounds(db, olderThan),

    /** Voids an open round on the caller's transaction (round-void.ts). */
    voidRoundIn: (
      tx: Tx,
      roundId: string,
      reason: string,
      moved: Moved,
    ): Promise<OperatorOutcome> => voidRoundIn(voidDeps, tx, roundId, reason, moved),

    /** `voidRoundIn` in its own transaction; the client's connections hear it after the commit. */
    voidRound: (roundId: string, reason: string): Promise<OperatorOutcome> =>
      committed((tx, moved) => voidRoundIn(voidDeps, tx, roundId, reason, moved)),

    /** The player's MainBalance (what a round may stake). */
    balance: (given: string) => balance(walletDeps, given),

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
