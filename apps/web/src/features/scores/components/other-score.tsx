import type { OtherScoreWire } from '@backlay/contract/scores';
import { assertNever } from '@backlay/domain';
import styles from './score.module.css';

type Side = OtherScoreWire['score']['home'];

/**
 * The tennis panel: per player the games of each finished set (gameSequence), the games of the
 * set in play, and sets won (score); the set in play (currentSet) in the caption.
 */
export function TennisScore({ score }: { score: OtherScoreWire }) {
  const { home, away } = score.score;
  const finished = Math.max(home.gameSequence.length, away.gameSequence.length);
  const setColumns = Array.from({ length: finished }, (_, index) => index);
  const row = (side: Side) => (
    <tr>
      <th scope="row">{side.name}</th>
      {setColumns.map((index) => (
        <td key={index}>{side.gameSequence[index] ?? ''}</td>
      ))}
      <td className={styles.figure}>{side.games}</td>
      <td className={styles.figure}>{side.score}</td>
    </tr>
  );
  return (
    <section className={styles.panel} aria-label="Score">
      <table className={styles.table}>
        <caption className={styles.caption}>Set {score.currentSet}</caption>
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
          </tr>
        </thead>
        <tbody>
          {row(home)}
          {row(away)}
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

/** SPEC §9: eventTypeId 2 is tennis, 1 soccer. */
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
