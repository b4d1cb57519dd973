import { useMemo } from 'react';
import { GameCards } from '../../features/home/components/game-cards';
import { InPlayBoard, type InPlayGroup } from '../../features/home/components/in-play-board';
import { useMarketList } from '../../features/markets/api/get-market-list';
import { MarketList } from '../../features/markets/components/market-list';
import { inPlayMarkets } from '../../features/markets/market-tree';
import { Carousel } from '../../ui/carousel';
import { SPORTS } from '../paths';
import { HOME_CARDS, SLIDES } from './cards';
import { marketLink } from './market-link';

/**
 * `/home`: the carousel (autoplay every 3 s) and five cards (docs/product.md#screens), then the matches in play
 * across sports with their match odds, one list per sport (1 / X / 2 columns as on /inplay).
 */
export function HomePage() {
  return (
    <>
      <Carousel slides={SLIDES} />
      <GameCards cards={HOME_CARDS} />
      <HomeInPlay />
    </>
  );
}

function HomeInPlay() {
  const list = useMarketList(0);
  const groups = useMemo(
    () =>
      SPORTS.flatMap((sport): InPlayGroup[] => {
        const markets = inPlayMarkets(list.data ?? [], sport.id);
        if (markets.length === 0) return [];
        return [
          {
            key: String(sport.id),
            title: sport.name,
            list: (
              <MarketList
                markets={markets}
                sportId={sport.id}
                isLoading={false}
                marketLink={marketLink}
              />
            ),
          },
        ];
      }),
    [list.data],
  );
  return <InPlayBoard groups={groups} isLoading={list.isPending} />;
}
