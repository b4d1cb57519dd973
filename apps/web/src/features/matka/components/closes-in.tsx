import { secondsLeft, useCountdownNow } from '../../../lib/countdown';
import { closesInText } from '../hooks/use-market-state';
import styles from './matka.module.css';

/**
 * `Closes in 12:34` (`1:02:03` from an hour on), counting down each second on the client's clock
 * (lib/countdown's timer, so fake clocks drive it); nothing once the close has come.
 */
export function ClosesIn({ closesAt, testId }: { closesAt: number; testId: string }) {
  const left = secondsLeft(closesAt, useCountdownNow([closesAt]));
  if (left === 0) return null;
  return (
    <span role="timer" className={styles.countdown} data-testid={testId}>
      {closesInText(left)}
    </span>
  );
}
