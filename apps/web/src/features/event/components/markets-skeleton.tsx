import { OddsCell } from '../../../ui/odds-cell';
import { LADDER_DEPTH } from '../market-model';
import marketsStyles from './event-markets.module.css';
import styles from './event-tables.module.css';

/** docs/product.md#purpose sport ids. */
const CRICKET = 4;
const SOCCER = 1;

interface Frame {
  readonly name: string;
  readonly runners: number;
  readonly depth: number;
}

/**
 * What an event of the sport usually opens with: match odds (three runners in soccer), then for
 * soccer the three over/under markets, for tennis two set winners, for cricket the bookmaker and
 * two more exchange markets (tied and completed match, or the toss before the start). Only the
 * match odds are named: the others are whatever the detail says.
 */
function framesOf(sportId: number): readonly Frame[] {
  const more = (count: number): Frame[] =>
    Array.from({ length: count }, () => ({ name: '', runners: 2, depth: LADDER_DEPTH }));
  const matchOdds = {
    name: 'Match Odds',
    runners: sportId === SOCCER ? 3 : 2,
    depth: LADDER_DEPTH,
  };
  if (sportId === CRICKET)
    return [matchOdds, { name: 'Bookmaker', runners: 2, depth: 1 }, ...more(2)];
  if (sportId === SOCCER) return [matchOdds, ...more(3)];
  return [matchOdds, ...more(2)];
}

const levels = (depth: number) => Array.from({ length: depth - 1 }, (_, i) => i + 1);

/**
 * The event's first tables as they will stand, before its detail says which there are: the same
 * markup and classes as a market table (market-table.tsx), with blank names and unpriced cells,
 * so the screen has its height from the first render and nothing moves when the detail arrives.
 * Hidden from screen readers: the page says nothing until there is something to say.
 */
export function MarketsSkeleton({ sportId }: { sportId: number }) {
  return (
    <div className={marketsStyles.markets} aria-hidden="true" data-testid="markets-skeleton">
      {framesOf(sportId).map((frame, index) => (
        <section key={index} className={styles.table}>
          <header className={styles.head}>
            <h2 className={styles.title}>{frame.name || '\u00a0'}</h2>
            <span className={styles.limits}>&nbsp;</span>
          </header>
          <div className={styles.columns} data-depth={frame.depth}>
            <span />
            <span className={styles.columnPair} data-depth={frame.depth}>
              {frame.depth > 1 && (
                <span className={styles.deeper}>
                  {levels(frame.depth).map((level) => (
                    <span key={level} />
                  ))}
                </span>
              )}
              <span className={styles.columnBack}>Back</span>
              <span className={styles.columnLay}>Lay</span>
              {frame.depth > 1 && (
                <span className={styles.deeper}>
                  {levels(frame.depth).map((level) => (
                    <span key={level} />
                  ))}
                </span>
              )}
            </span>
          </div>
          <ul className={styles.rows}>
            {Array.from({ length: frame.runners }, (_, runner) => (
              <li key={runner} className={styles.row} data-depth={frame.depth}>
                <div className={styles.runner}>
                  <span className={styles.runnerName}>&nbsp;</span>
                </div>
                <div className={styles.cells} data-depth={frame.depth}>
                  {frame.depth > 1 && (
                    <span className={styles.deeper}>
                      {levels(frame.depth).map((level) => (
                        <span key={level} className={styles.emptyLevel} />
                      ))}
                    </span>
                  )}
                  <OddsCell side="back" price={undefined} size="" />
                  <OddsCell side="lay" price={undefined} size="" />
                  {frame.depth > 1 && (
                    <span className={styles.deeper}>
                      {levels(frame.depth).map((level) => (
                        <span key={level} className={styles.emptyLevel} />
                      ))}
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
