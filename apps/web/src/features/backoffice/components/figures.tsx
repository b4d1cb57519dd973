import type { ReactNode } from 'react';
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

/** One figure of a summary list (`<dl>`): its label, then its value. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
