import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { BettingHistory } from '../../features/reports/components/betting-history';
import { marketTypeLabel } from '../../lib/market-type-label';
import { paths } from '../paths';
import { bettingHistoryOf } from './report-links';
import pages from './pages.module.css';
import styles from './reports.module.css';

/**
 * `/betting_history/{marketid}/{userId}`: the client's bets on one market or fancy session
 * (docs/product.md#screens), named by the router state or, on a cold load, the query (docs/decisions.md#silent-rules).
 */
export function BettingHistoryPage() {
  const { marketid = '', userId = '' } = useParams();
  const state: unknown = useLocation().state;
  const [search] = useSearchParams();
  const { eventId, of } = bettingHistoryOf(marketid, state, search);
  return (
    <section className={pages.screen}>
      <div className={styles.heading}>
        {eventId !== null && (
          <Link className={styles.back} to={paths.showMatchBet.href(eventId)}>
            <span aria-hidden="true">‹</span> Back
          </Link>
        )}
        <h1>Betting History</h1>
      </div>
      {of && (
        <p className={styles.subtitle}>
          {marketTypeLabel(of.marketType)} {of.marketType === 'FANCY' ? of.selectionId : marketid}
        </p>
      )}
      <BettingHistory key={`${marketid}-${userId}`} of={of} userId={userId} />
    </section>
  );
}
