import type { ReactNode } from 'react';
import { PleaseWait } from '../../../ui/please-wait';
import styles from './in-play-board.module.css';

/** One sport's list of matches in play, drawn by the caller (the markets feature's list). */
export interface InPlayGroup {
  readonly key: string;
  /** The sport's name, the group's heading. */
  readonly title: string;
  readonly list: ReactNode;
}

export const NO_MATCH_IN_PLAY = 'No match is in play right now';

/**
 * The home page's In-Play board: the matches in play across sports, a heading per sport over its
 * list with the match odds; says so when nothing is in play.
 */
export function InPlayBoard({
  groups,
  isLoading,
}: {
  groups: readonly InPlayGroup[];
  isLoading: boolean;
}) {
  return (
    <section className={styles.board} aria-labelledby="home-in-play">
      <h2 id="home-in-play" className={styles.title}>
        <span className={styles.live} aria-hidden="true" />
        In-Play
      </h2>
      {isLoading ? (
        <PleaseWait />
      ) : groups.length === 0 ? (
        <p className={styles.empty}>{NO_MATCH_IN_PLAY}</p>
      ) : (
        groups.map((group) => (
          <section
            key={group.key}
            className={styles.group}
            aria-labelledby={`home-in-play-${group.key}`}
          >
            <h3 id={`home-in-play-${group.key}`} className={styles.sport}>
              {group.title}
            </h3>
            {group.list}
          </section>
        ))
      )}
    </section>
  );
}
