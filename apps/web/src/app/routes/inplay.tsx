import { useSearchParams } from 'react-router';
import { useMarketList } from '../../features/markets/api/get-market-list';
import { MarketList } from '../../features/markets/components/market-list';
import { inPlayMarkets } from '../../features/markets/market-tree';
import { Tabs } from '../../ui/tabs';
import { SPORTS } from '../paths';
import { marketLink } from './market-link';
import styles from './pages.module.css';

type SportKey = `${(typeof SPORTS)[number]['id']}`;
const TABS = SPORTS.map((sport) => ({ key: String(sport.id) as SportKey, label: sport.name }));
const isSportKey = (value: string | null): value is SportKey =>
  TABS.some((tab) => tab.key === value);

/**
 * `/inplay`: tabs Cricket, Soccer and Tennis listing the markets in play (MarketStatus 1), with
 * live prices (docs/product.md#screens). The tab sits in the query (`?sport=1`) so Back returns to it.
 */
export function InplayPage() {
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('sport');
  const selected: SportKey = isSportKey(wanted) ? wanted : '4';
  const list = useMarketList(0);
  const sportId = Number(selected);
  const markets = inPlayMarkets(list.data ?? [], sportId);
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>In-play</h1>
      <Tabs
        label="Sports"
        tabs={TABS}
        selected={selected}
        onSelect={(key) => setSearch({ sport: key }, { replace: true })}
      >
        <MarketList
          key={selected}
          markets={markets}
          sportId={sportId}
          isLoading={list.isPending}
          marketLink={marketLink}
        />
      </Tabs>
    </section>
  );
}
