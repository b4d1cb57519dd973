import { Link, useLocation, useParams } from 'react-router';
import { MatchBets } from '../../features/reports/components/match-bets';
import { NO_DATA } from '../../ui/data-table';
import { paths } from '../paths';
import { bettingHistoryLink, showMatchBetStateOf } from './report-links';
import pages from './pages.module.css';
import styles from './reports.module.css';

const EVENT_ID = /^\d{1,15}$/;

/**
 * `/showmatchbet/{eventid}`: Show Bet, the client's result on each market of the event (docs/product.md#screens),
 * with Back to `/profit-loss` (keeping the listing's filters, and titled by the event's name, when
 * opened from there).
 */
export function ShowMatchBetPage() {
  const { eventid = '' } = useParams();
  const { backSearch, eventName } = showMatchBetStateOf(useLocation().state);
  return (
    <section className={pages.screen}>
      <div className={styles.heading}>
        <Link className={styles.back} to={paths.profitLoss.href() + backSearch}>
          <span aria-hidden="true">‹</span> Back
        </Link>
        <h1>Show Bet</h1>
      </div>
      {EVENT_ID.test(eventid) ? (
        <>
          <p className={styles.subtitle}>{eventName || `Event ${eventid}`}</p>
          <MatchBets
            key={eventid}
            eventId={eventid}
            betsLink={(entry) => bettingHistoryLink(entry, eventid)}
          />
        </>
      ) : (
        <p className={pages.empty}>{NO_DATA}</p>
      )}
    </section>
  );
}
