import type { ReactNode } from 'react';
import { PleaseWait } from '../../../ui/please-wait';
import styles from './matka.module.css';

/** A list's first load shows please-wait, a failed call its message, an empty list `empty`. */
export function ListStatus({
  isPending,
  error,
  isEmpty,
  empty,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
}) {
  if (isPending) return <PleaseWait />;
  if (error) {
    return (
      <p role="alert" className={styles.error}>
        {error.message}
      </p>
    );
  }
  if (isEmpty) return <p className={styles.empty}>{empty}</p>;
  return children;
}
