/**
 * The casino's money in paise (docs/conventions.md#money): an amount off the wire, the player's
 * MainBalance, and the winning limit a round's win is capped at (docs/decisions.md#casino).
 */
import { rupeesToPaise } from '@backlay/domain';
import type { Tx } from '../../db/pool.js';
import { readWallet } from '../wallet/wallet.service.js';

/** Wire rupees to paise within (0 or more) … `max` rupees, or null. */
export function amountPaise(rupees: number, max: number, allowZero: boolean): bigint | null {
  const paise = rupeesToPaise(rupees);
  if (paise === null || rupees > max) return null;
  if (paise < 0 || (paise === 0 && !allowZero)) return null;
  return BigInt(paise);
}

/** The client's MainBalance, read under the wallet's lock (held to the end of `tx`). */
export async function mainBalanceOf(tx: Tx, clientId: string): Promise<bigint> {
  return (await readWallet(tx, clientId)).mainBalance;
}

/** The client's winning limit: their own, or `defaultLimit` (CASINO_WIN_LIMIT). */
export const limitOf = (profile: { winLimitPaise: bigint | null }, defaultLimit: bigint) =>
  profile.winLimitPaise ?? defaultLimit;

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
