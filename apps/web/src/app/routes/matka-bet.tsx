import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { MatkaPlay } from '../../features/matka/components/matka-play';
import { walletKeys } from '../../features/wallet/query-keys';
import { NO_DATA } from '../../ui/data-table';
import { paths } from '../paths';
import pages from './pages.module.css';
import styles from './reports.module.css';

const ID = /^\d{1,15}$/;

/** The Hindi name the games list passes along; the screen works without it. */
function hindiOf(state: unknown): string {
  const hindi = (state as { hindi?: unknown } | null)?.hindi;
  return typeof hindi === 'string' ? hindi : '';
}

/**
 * `/matkabet/{EventName}/{EventId}/{Mid}` (SPEC §2): the matka board of one game's market. The
 * URL alone is enough; the games list's state only adds the Hindi name.
 */
export function MatkaBetPage() {
  const { EventName = '', EventId = '', Mid = '' } = useParams();
  const hindi = hindiOf(useLocation().state);
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
          onMoneyMoved={reloadWallet}
        />
      ) : (
        <p className={pages.empty}>{NO_DATA}</p>
      )}
    </section>
  );
}
