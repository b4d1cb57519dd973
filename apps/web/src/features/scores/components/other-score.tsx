import type { OtherScoreWire } from '@backlay/contract/scores';
import { assertNever } from '@backlay/domain';
import styles from './score.module.css';

type Side = OtherScoreWire['score']['home'];
type SideKey = 'home' | 'away';

/**
 * The tennis panel: per player the games of each finished set (gameSequence), the games of the
 * set in play, sets won (score) and, while the match is on, the points of the game in play
 * (0/15/30/40/AD, or a tie-break's count) with a marker on the player serving; the set in play
 * (currentSet) in the caption, and "Tie-break" during one.
 */
export function TennisScore({ score }: { score: OtherScoreWire }) {
  const { points, server } = score;
  const finished = Math.max(
    score.score.home.gameSequence.length,
    score.score.away.gameSequence.length,
  );
  const setColumns = Array.from({ length: finished }, (_, index) => index);
  const row = (key: SideKey) => {
    const side: Side = score.score[key];
    return (
      <tr>
        <th scope="row">
          <span className={styles.player}>
            {side.name}
            {server === key && (
              <span className={styles.serve} role="img" aria-label="Serving" title="Serving" />
            )}
          </span>
        </th>
        {setColumns.map((index) => (
          <td key={index}>{side.gameSequence[index] ?? ''}</td>
        ))}
        <td className={styles.figure}>{side.games}</td>
        <td className={styles.figure}>{side.score}</td>
        {points && (
          <td>
            <span className={styles.points}>{points[key]}</span>
          </td>
        )}
      </tr>
    );
  };
  return (
    <section className={styles.panel} aria-label="Score">
      <table className={styles.table}>
        <caption className={styles.caption}>
          Set {score.currentSet}
          {points?.isTiebreak && <span className={styles.tiebreak}> · Tie-break</span>}
        </caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            {setColumns.map((index) => (
              <th key={index} scope="col">
                S{index + 1}
              </th>
            ))}
            <th scope="col">Games</th>
            <th scope="col">Sets</th>
            {points && <th scope="col">Points</th>}
          </tr>
        </thead>
        <tbody>
          {row('home')}
          {row('away')}
        </tbody>
      </table>
    </section>
  );
}

/** The soccer panel: home and away with their goals (score); the match minute (currentSet). */
export function SoccerScore({ score }: { score: OtherScoreWire }) {
  const { home, away } = score.score;
  return (
    <section className={styles.panel} aria-label="Score">
      <div className={styles.soccer}>
        <span className={styles.team}>{home.name}</span>
        <span className={styles.goals} aria-label={`${home.score} – ${away.score}`}>
          {home.score} – {away.score}
        </span>
        <span className={`${styles.team} ${styles.away}`}>{away.name}</span>
      </div>
      <p className={styles.minute}>{score.currentSet}&apos;</p>
    </section>
  );
}

/** docs/product.md#constants: eventTypeId 2 is tennis, 1 soccer. */
export function OtherScore({ score }: { score: OtherScoreWire }) {
  switch (score.eventTypeId) {
    case 2:
      return <TennisScore score={score} />;
    case 1:
      return <SoccerScore score={score} />;
    default:
      return assertNever(score.eventTypeId, 'eventTypeId');
  }
}
