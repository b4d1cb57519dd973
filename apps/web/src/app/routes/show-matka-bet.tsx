import { Link, useLocation, useParams } from 'react-router';
import { MatkaMyBets } from '../../features/matka/components/my-bets';
import { NO_DATA_AVAILABLE } from '../../features/matka/components/matka-table';
import { paths } from '../paths';
import pages from './pages.module.css';
import styles from './reports.module.css';

const MID = /^\d{1,15}$/;

/** What the profit-and-loss listing passes along: its filters (for Back) and the game's name. */
function stateOf(state: unknown): { backSearch: string; marketName: string } {
  const value = (state ?? {}) as { backSearch?: unknown; marketName?: unknown };
  const backSearch = typeof value.backSearch === 'string' ? value.backSearch : '';
  return {
    backSearch: backSearch.startsWith('?') ? backSearch : '',
    marketName: typeof value.marketName === 'string' ? value.marketName : '',
  };
}

/**
 * `/show-matka-bet/{Mid}` (docs/product.md#screens): the client's bets of one matka market, with Back to
 * `/matka-profit-loss` (keeping its filters when opened from there).
 */
export function ShowMatkaBetPage() {
  const { Mid = '' } = useParams();
  const { backSearch, marketName } = stateOf(useLocation().state);
  return (
    <section className={pages.screen}>
      <div className={styles.heading}>
        <Link className={styles.back} to={paths.matkaProfitLoss.href() + backSearch}>
          <span aria-hidden="true">‹</span> Back
        </Link>
        <h1>Matka Bets</h1>
      </div>
      {MID.test(Mid) ? (
        <>
          <p className={styles.subtitle}>{marketName || `Market ${Mid}`}</p>
          <MatkaMyBets key={Mid} mid={Mid} />
        </>
      ) : (
        <p className={pages.empty}>{NO_DATA_AVAILABLE}</p>
      )}
    </section>
  );
}
