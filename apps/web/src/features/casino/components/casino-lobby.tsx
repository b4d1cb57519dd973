import type { CasinoGameId } from '@backlay/contract/casino';
import { CardGrid } from '../../../ui/card-grid';
import { LOBBY_GAMES } from '../games';

/** The casino lobby (docs/product.md#screens /casinolist): one card per game, each opening its frame. */
export function CasinoLobby({ gameHref }: { gameHref: (gameId: CasinoGameId) => string }) {
  return (
    <CardGrid
      cards={LOBBY_GAMES.map((game) => ({ ...game, key: game.id, href: gameHref(game.id) }))}
    />
  );
}
