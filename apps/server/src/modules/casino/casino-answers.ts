/**
 * What the casino answers its provider (docs/decisions.md#api envelope): the refusals word for
 * word, a refusal, and the stored answer of a repeated call.
 */
import { conflict } from '../../errors.js';
import type { CasinoAnswer } from './casino.wire.js';

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

export const refuse = <T>(Result: string): CasinoAnswer<T> => ({ Status: false, Result });

/** The stored answer for a repeated call, or a 409 for another payload (docs/decisions.md#api). */
export function replay<T>(
  stored: unknown,
  storedHash: Buffer | null,
  hash: Buffer,
): CasinoAnswer<T> {
  if (storedHash === null || !storedHash.equals(hash)) throw conflict(CASINO_ANSWERS.roundConflict);
  return stored as CasinoAnswer<T>;
}
