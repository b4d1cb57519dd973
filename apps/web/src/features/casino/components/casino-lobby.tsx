import { Link } from 'react-router';
import type { CasinoGameId } from '@backlay/contract/casino';
import { LOBBY_GAMES } from '../games';
import styles from './casino.module.css';

/** The casino lobby (SPEC §2 /casinolist): one card per game, each opening its frame. */
export function CasinoLobby({ gameHref }: { gameHref: (gameId: CasinoGameId) => string }) {
  return (
    <ul className={styles.lobby}>
      {LOBBY_GAMES.map((game) => (
        <li key={game.id}>
          <Link to={gameHref(game.id)} className={styles.card} data-game-id={game.id}>
            <img src={game.image} alt="" width="400" height="300" />
            <span>{game.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
