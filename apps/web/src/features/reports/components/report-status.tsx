import type { ReactNode } from 'react';
import { PleaseWait } from '../../../ui/please-wait';
import styles from './reports.module.css';

/**
 * A report's first load shows the please-wait indicator and a failed call its message (a refusal's
 * `Result` or the network's); otherwise the report itself.
 */
export function ReportStatus({
  isPending,
  error,
  children,
}: {
  isPending: boolean;
  error: Error | null;
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
  return children;
}
