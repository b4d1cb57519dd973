import { signedRupees } from '../format';
import styles from './backoffice.module.css';

/**
 * A result for the house: green when it wins, red when it loses, and never colour alone — the
 * figure carries its sign (`+₹1,200.00`, `-₹500.00`).
 */
export function SignedRupees({ value }: { value: number }) {
  const tone = value > 0 ? 'profit' : value < 0 ? 'loss' : 'even';
  return (
    <span className={styles[tone]} data-tone={tone}>
      {signedRupees(value)}
    </span>
  );
}
