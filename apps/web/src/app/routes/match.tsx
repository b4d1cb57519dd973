import { useParams } from 'react-router';
import { isSportsId, useMarketList } from '../../features/markets/api/get-market-list';
import { MarketList, NO_DATA } from '../../features/markets/components/market-list';
import { SPORTS } from '../paths';
import { marketLink } from './market-link';
import styles from './pages.module.css';

/** `/match/{sportId}`: every open market of the sport with live prices (docs/product.md#screens). */
export function MatchPage() {
  const sportId = Number(useParams().sportId);
  const sport = SPORTS.find((candidate) => candidate.id === sportId);
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>{sport?.name ?? 'Markets'}</h1>
      {sport && isSportsId(sport.id) ? (
        <SportMarkets sportId={sport.id} />
      ) : (
        <p className={styles.empty}>{NO_DATA}</p>
      )}
    </section>
  );
}

function SportMarkets({ sportId }: { sportId: 1 | 2 | 4 }) {
  const list = useMarketList(sportId);
  return (
    <MarketList
      markets={list.data ?? []}
      sportId={sportId}
      isLoading={list.isPending}
      marketLink={marketLink}
    />
  );
}
