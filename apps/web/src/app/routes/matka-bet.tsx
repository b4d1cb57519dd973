import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { MatkaPlay } from '../../features/matka/components/matka-play';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { walletKeys } from '../../features/wallet/query-keys';
import { NO_DATA } from '../../ui/data-table';
import { paths } from '../paths';
import pages from './pages.module.css';
import styles from './reports.module.css';

const ID = /^\d{1,15}$/;

/** A text the games list passes along as router state; the screen works without it. */
function stateText(state: unknown, key: 'hindi' | 'EndTime'): string {
  const value = (state as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : '';
}

/**
 * `/matkabet/{EventName}/{EventId}/{Mid}` (docs/product.md#screens): the matka board of one game's market. The
 * URL alone is enough; the games list's state adds the Hindi name and the close (until the board
 * has read the games itself); the site's configuration gives the previews their payout.
 */
export function MatkaBetPage() {
  const { EventName = '', EventId = '', Mid = '' } = useParams();
  const state: unknown = useLocation().state;
  const hindi = stateText(state, 'hindi');
  const endTimeHint = stateText(state, 'EndTime') || undefined;
  // What a hit returns (MATKA_PAYOUT) for the forms' previews; none until the config is read.
  const payout = useSiteConfig()?.matkaPayout ?? null;
  const isValid = EventName !== '' && ID.test(EventId) && ID.test(Mid);
  const queryClient = useQueryClient();
  // The header's W: follows a matka bet at once, not at the next session check.
  const reloadWallet = () => void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  return (
    <section className={pages.screen}>
      <div className={styles.heading}>
        <Link className={styles.back} to={paths.matkaMarket.href()}>
          <span aria-hidden="true">‹</span> Back
        </Link>
        <h1>{EventName || 'Matka'}</h1>
      </div>
      {hindi && (
        <p className={styles.subtitle} lang="hi">
          {hindi}
        </p>
      )}
      {isValid ? (
        <MatkaPlay
          key={`${EventId}-${Mid}`}
          game={{ eventName: EventName, eventId: EventId }}
          mid={Mid}
          payout={payout}
          endTimeHint={endTimeHint}
          onMoneyMoved={reloadWallet}
        />
      ) : (
        <p className={pages.empty}>{NO_DATA}</p>
      )}
    </section>
  );
}
