import { CASINO_GAMES, type CasinoGameId } from '@backlay/contract/casino';
import { rupeesWire } from '../../money.js';

/** A casino answer as the provider reads it (docs/decisions.md#api envelope). */
export type CasinoAnswer<T> =
  | { readonly Status: true; readonly Result: T }
  | { readonly Status: false; readonly Result: string };

export interface SessionResult {
  readonly playerId: string;
  readonly name: string;
  readonly gameId: CasinoGameId;
  readonly balance: number;
  readonly winLimit: number;
  readonly session: string;
}

export function sessionWire(player: {
  clientId: string;
  username: string;
  gameId: CasinoGameId;
  mainBalancePaise: bigint;
  winLimitPaise: bigint;
  session: string;
}): SessionResult {
  return {
    playerId: player.clientId,
    name: player.username,
    gameId: player.gameId,
    balance: rupeesWire(player.mainBalancePaise),
    winLimit: rupeesWire(player.winLimitPaise),
    session: player.session,
  };
}

export function debitWire(mainBalancePaise: bigint, roundId: string) {
  return { balance: rupeesWire(mainBalancePaise), roundId };
}

export function creditWire(mainBalancePaise: bigint, roundId: string, paidPaise: bigint) {
  return { balance: rupeesWire(mainBalancePaise), roundId, paid: rupeesWire(paidPaise) };
}

/** A game of the lobby, by its id (unknown ids keep their id as the name). */
export function casinoGame(gameId: string): { name: string; eventId: number | null } {
  const game = CASINO_GAMES.find((entry) => entry.id === gameId);
  return game ? { name: game.name, eventId: game.eventId } : { name: gameId, eventId: null };
}

/** The statement's description of a round, and the profit and loss listing's name of its game. */
export const casinoDescription = (gameId: string) => `Casino - ${casinoGame(gameId).name}`;

/** Rupees with two decimals, as a statement remark shows them. */
const shown = (paise: bigint) => `₹ ${rupeesWire(paise < 0n ? -paise : paise).toFixed(2)}`;

/**
 * The statement remark of a round (docs/decisions.md#silent-rules: ProfitLoss rows), e.g. "7 Up Down round
 * 3fa85f64… : won ₹ 500.00"; a capped win says so.
 */
export function roundRemark(
  gameId: string,
  roundId: string,
  paidNetPaise: bigint,
  cappedAtPaise: bigint | null,
): string {
  const round = `${casinoGame(gameId).name} round ${roundId.slice(0, 8)}…`;
  if (paidNetPaise < 0n) return `${round} : lost ${shown(paidNetPaise)}`;
  const won = `${round} : won ${shown(paidNetPaise)}`;
  return cappedAtPaise === null
    ? won
    : `${won} (winnings above the winning limit of ${shown(cappedAtPaise)} are not paid)`;
}
