import { Suspense, useEffect, type ReactNode } from 'react';
import { useCricketScore } from '../api/get-cricket-score';
import { useOtherScore } from '../api/get-other-score';
import type { OtherSportId } from '../query-keys';
import { CricketScore } from './cricket-score';
import { lazyComponent } from '../../../ui/lazy-component';
import styles from './score.module.css';

/** Soccer's and tennis's panel: a chunk of its own, so a cricket match's screen carries none of it. */
const OtherScore = lazyComponent(async () => (await import('./other-score')).OtherScore);

export const NO_SCORE = 'No score yet';

/**
 * The panel's room (score.module.css gives each sport its height): held before the score arrives
 * and while there is none, so the screen below never moves when it comes.
 */
function ScoreSlot({
  sport,
  isPending,
  children,
}: {
  sport: 'cricket' | 'soccer' | 'tennis';
  isPending: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.slot} data-sport={sport} aria-busy={isPending}>
      {isPending ? (
        <div className={styles.panel} />
      ) : (
        (children ?? (
          <section className={styles.panel} aria-label="Score">
            <p className={styles.none}>{NO_SCORE}</p>
          </section>
        ))
      )}
    </div>
  );
}

function CricketScorePanel({ eventId }: { eventId: string }) {
  const { data, isPending } = useCricketScore(eventId);
  return (
    <ScoreSlot sport="cricket" isPending={isPending}>
      {data ? <CricketScore score={data} /> : null}
    </ScoreSlot>
  );
}

function OtherScorePanel({ sportId, eventId }: { sportId: OtherSportId; eventId: string }) {
  const { data, isPending } = useOtherScore(sportId, eventId);
  useEffect(() => {
    // Fetched beside the first score, not after it; a failure shows when the panel renders.
    OtherScore.preload().catch(() => {});
  }, []);
  return (
    <ScoreSlot sport={sportId === '1' ? 'soccer' : 'tennis'} isPending={isPending}>
      {data ? (
        <Suspense fallback={<div className={styles.panel} />}>
          <OtherScore score={data} />
        </Suspense>
      ) : null}
    </ScoreSlot>
  );
}

/**
 * The event screen's score panel (docs/product.md#screens): sport 4 shows the cricket panel; otherwise the tennis
 * or soccer panel, chosen by the answer's eventTypeId. Both poll every 5 s; before the start it
 * says there is no score yet.
 */
export function ScorePanel({ sportId, eventId }: { sportId: number; eventId: string }) {
  if (sportId === 4) return <CricketScorePanel eventId={eventId} />;
  if (sportId === 1 || sportId === 2)
    return <OtherScorePanel sportId={String(sportId) as OtherSportId} eventId={eventId} />;
  return null;
}
