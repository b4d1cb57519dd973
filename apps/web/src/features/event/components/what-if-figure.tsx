import { positionTone } from '@backlay/domain';
import { formatMoney } from '../../../lib/format';
import styles from './event-tables.module.css';

/** What a what-if figure is, as its title says. */
export const WHAT_IF_TITLE = 'If this bet is placed';

/**
 * A runner's book or a session's worst case as the open slip's bet would leave it, after the
 * current figure: "» 1,234.00", green or red by its sign as the current one is.
 */
export function WhatIf({ figure }: { figure: number }) {
  return (
    <span
      className={styles.whatIf}
      data-tone={positionTone(figure)}
      data-testid="what-if"
      title={WHAT_IF_TITLE}
    >
      <span aria-hidden="true">» </span>
      {formatMoney(figure)}
    </span>
  );
}
