import type { MatkaEvent } from '@backlay/contract/matka';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useMatkaGames } from '../api/get-event-markets';
import { useMatkaLive, type MatkaLive } from '../api/live';
import { marketStatusOf, useHasPassed } from '../hooks/use-market-state';
import { ClosesIn } from './closes-in';
import { ListStatus } from './list-status';
import styles from './matka.module.css';

/** Where a game leads: the board's URL and the game as router state (docs/product.md#screens). */
export type GameLink = (game: MatkaEvent) => { to: string; state: unknown };

const time = (iso: string) => dayjs(iso).format('hh:mm A');

/**
 * One game: its names and times, Open with the countdown to its close (`Closes in 12:34`) or
 * Closed — at its EndTime by the client's clock, or at once when a push closes it (a push newer
 * than the list's answer is what the row shows) — and `Result 45` once a push settles it.
 */
function GameRow({
  game,
  gamesAt,
  live,
  gameLink,
}: {
  game: MatkaEvent;
  /** When the list was answered (epoch ms): a later push knows better. */
  gamesAt: number;
  live: MatkaLive | undefined;
  gameLink: GameLink;
}) {
  const link = gameLink(game);
  const mid = String(game.Mid);
  const { status, endTime = game.EndTime } = marketStatusOf({
    eventId: String(game.EventId),
    mid,
    games: [game],
    gamesAt,
    live,
    endTimeHint: undefined,
  });
  const end = Date.parse(endTime);
  const hasEnded = useHasPassed(status === 'open' && Number.isFinite(end) ? end : null);
  const isOpen = status === 'open' && !hasEnded;
  const result = live?.status === 'settled' ? live.result : null;
  return (
    <li>
      <Link
        className={styles.game}
        to={link.to}
        state={link.state}
        data-open={isOpen ? 'true' : 'false'}
      >
        <span className={styles.gameName}>{game.EventName}</span>
        <span className={styles.gameHindi} lang="hi">
          {game.hindi}
        </span>
        <span className={styles.gameTimes}>
          <time dateTime={game.StartTime}>{time(game.StartTime)}</time> –{' '}
          <time dateTime={game.EndTime}>{time(game.EndTime)}</time>
        </span>
        {(isOpen || result !== null) && (
          <span className={styles.gameLive}>
            {isOpen && <ClosesIn closesAt={end} testId="matka-game-countdown" />}
            {result !== null && (
              <span className={styles.resultNote} data-testid="matka-game-result">
                Result {result}
              </span>
            )}
          </span>
        )}
        <span className={isOpen ? styles.open : styles.closed}>{isOpen ? 'Open' : 'Closed'}</span>
      </Link>
    </li>
  );
}

/** `/matka_market` (docs/product.md#screens): each game with its Hindi name, its times and whether it is open. */
export function MatkaGames({ gameLink }: { gameLink: GameLink }) {
  const games = useMatkaGames();
  const live = useMatkaLive();
  const rows = games.data ?? [];
  return (
    <ListStatus
      isPending={games.isPending}
      error={games.error}
      isEmpty={rows.length === 0}
      empty="No data available"
    >
      <ul className={styles.games} aria-label="Matka games">
        {rows.map((game) => (
          <GameRow
            key={game.EventId}
            game={game}
            gamesAt={games.dataUpdatedAt}
            live={live[String(game.Mid)]}
            gameLink={gameLink}
          />
        ))}
      </ul>
    </ListStatus>
  );
}
