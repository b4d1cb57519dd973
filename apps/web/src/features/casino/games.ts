import type { CasinoGameId } from '@backlay/contract/casino';
import { CASINO_GAMES } from '@backlay/contract/casino/client';

export interface CasinoGame {
  readonly id: CasinoGameId;
  readonly name: string;
  /** Our own artwork for the lobby card. */
  readonly image: string;
}

/** docs/product.md#screens /casinolist: the lobby's games in lobby order. */
export const LOBBY_GAMES: readonly CasinoGame[] = CASINO_GAMES.map((game) => ({
  ...game,
  image: `/casino/${game.id}.svg`,
}));

/** The game a `/casino/{gameid}` URL names, or `null` for an id the lobby does not have. */
export function casinoGameOf(gameid: string): CasinoGame | null {
  return LOBBY_GAMES.find((game) => game.id === gameid) ?? null;
}
