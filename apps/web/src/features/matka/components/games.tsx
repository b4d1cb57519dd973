import type { MatkaEvent } from '@backlay/contract/matka';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useMatkaGames } from '../api/get-event-markets';
import { ListStatus } from './list-status';
import styles from './matka.module.css';

/** Where a game leads: the board's URL and the game as router state (SPEC §2). */
export type GameLink = (game: MatkaEvent) => { to: string; state: unknown };

const time = (iso: string) => dayjs(iso).format('hh:mm A');

/** `/matka_market` (SPEC §2): each game with its Hindi name, its times and whether it is open. */
export function MatkaGames({ gameLink }: { gameLink: GameLink }) {
  const games = useMatkaGames();
  const rows = games.data ?? [];
  return (
    <ListStatus
      isPending={games.isPending}
      error={games.error}
      isEmpty={rows.length === 0}
      empty="No data available"
    >
      <ul className={styles.games} aria-label="Matka games">
        {rows.map((game) => {
          const link = gameLink(game);
          return (
            <li key={game.EventId}>
              <Link className={styles.game} to={link.to} state={link.state}>
                <span className={styles.gameName}>{game.EventName}</span>
                <span className={styles.gameHindi} lang="hi">
                  {game.hindi}
                </span>
                <span className={styles.gameTimes}>
                  <time dateTime={game.StartTime}>{time(game.StartTime)}</time> –{' '}
                  <time dateTime={game.EndTime}>{time(game.EndTime)}</time>
                </span>
                <span className={game.isOpen ? styles.open : styles.closed}>
                  {game.isOpen ? 'Open' : 'Closed'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </ListStatus>
  );
}
