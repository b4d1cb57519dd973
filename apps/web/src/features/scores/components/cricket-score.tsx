import type { CricketScoreWire } from '@backlay/contract/scores';
import styles from './score.module.css';

function ballTone(ball: string): string | undefined {
  if (ball === 'W') return styles.wicket;
  if (ball === '4') return styles.four;
  if (ball === '6') return styles.six;
  return undefined;
}

function Balls({ label, balls }: { label: string; balls: readonly string[] }) {
  return (
    <div className={styles.over}>
      <span className={styles.overLabel}>{label}</span>
      <ol className={styles.balls} aria-label={label}>
        {balls.length === 0 ? (
          <li className={styles.noBall}>–</li>
        ) : (
          balls.map((ball, index) => (
            <li key={index} className={`${styles.ball} ${ballTone(ball) ?? ''}`}>
              {ball}
            </li>
          ))
        )}
      </ol>
    </div>
  );
}

/**
 * The cricket panel (docs/product.md#entities Cricket score): each innings' Team, Summary, Overs and CRR; the
 * balls of the current and the last over; the required run rate once there is a target; the
 * latest commentary.
 */
export function CricketScore({ score }: { score: CricketScoreWire }) {
  return (
    <section className={styles.panel} aria-label="Score">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Team</th>
            <th scope="col">Score</th>
            <th scope="col">Overs</th>
            <th scope="col">CRR</th>
          </tr>
        </thead>
        <tbody>
          {score.Innings.map((innings, index) => (
            <tr key={index}>
              <th scope="row">{innings.Team}</th>
              <td className={styles.figure}>{innings.Summary}</td>
              <td>{innings.Overs}</td>
              <td>{innings.CRR.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.overs}>
        <Balls label="This over" balls={score.CurrentOver.Balls} />
        <Balls label="Last over" balls={score.LastOver.Balls} />
      </div>
      {score.RequiredRunRate !== null && (
        <p className={styles.line}>
          <span className={styles.overLabel}>RRR</span> {score.RequiredRunRate.toFixed(2)}
        </p>
      )}
      {score.MatchCommentary !== '' && (
        <p className={styles.commentary} aria-live="polite">
          {score.MatchCommentary}
        </p>
      )}
    </section>
  );
}
