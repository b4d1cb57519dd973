import type { myMarket } from '@backlay/contract/markets';
import { marketNameSides } from '@backlay/domain';
import { Link } from 'react-router';
import type { z } from 'zod';
import { DataTable, SignedMoney, type Column } from '../../../ui/data-table';
import { useMyMarkets } from '../api/get-my-markets';
import { marketTypeLabel } from '../../../lib/market-type-label';
import type { SportName } from '../report-filters';
import type { ReportLink } from '../report-link';
import { ReportStatus } from './report-status';
import styles from './reports.module.css';

export type MyMarket = z.infer<typeof myMarket>;

/** One side's profit or loss, named by its side of the match name; a dash when there is none. */
function Side({ name, profitLoss }: { name: string | undefined; profitLoss: number | undefined }) {
  if (profitLoss === undefined) return '–';
  return (
    <>
      {name && <span className={styles.team}>{name}</span>}
      <SignedMoney value={profitLoss} />
    </>
  );
}

/** A fancy session's entry: its one runner is the session, its figure the worst result. */
const isFancy = (market: MyMarket) => market.MarketType === 'FANCY';

/**
 * Team A and Team B are the sides of the match name split on ' v ' (docs/product.md#screens), with the first and
 * second runners' figures; the Draw is the third runner's, for three-runner markets only (the
 * feed orders runners home, away, draw). A fancy session shows under Team A by its own name,
 * with its worst result; Team B and the Draw have none.
 */
function columns(
  sports: readonly SportName[],
  eventLink: (market: MyMarket) => ReportLink,
): Column<MyMarket>[] {
  return [
    { label: 'EventId', cell: (market) => market.EventId },
    {
      label: 'Match',
      isWide: true,
      cell: (market) => {
        const link = eventLink(market);
        return (
          <Link to={link.to} state={link.state}>
            {market.MarketName}
          </Link>
        );
      },
    },
    {
      label: 'Sport Name',
      cell: (market) => sports.find((sport) => sport.id === market.SportsId)?.name ?? '–',
    },
    { label: 'MarketType', cell: (market) => marketTypeLabel(market.MarketType) },
    {
      label: 'Team A',
      isNumeric: true,
      cell: (market) => (
        <Side
          name={
            isFancy(market) ? market.Runners[0]?.RunnerName : marketNameSides(market.MarketName)[0]
          }
          profitLoss={market.Runners[0]?.profitLoss}
        />
      ),
    },
    {
      label: 'Team B',
      isNumeric: true,
      cell: (market) =>
        isFancy(market) ? (
          '–'
        ) : (
          <Side
            name={marketNameSides(market.MarketName)[1]}
            profitLoss={market.Runners[1]?.profitLoss}
          />
        ),
    },
    {
      label: 'Draw',
      isNumeric: true,
      cell: (market) =>
        market.Runners.length === 3 ? (
          <Side name={market.Runners[2]?.RunnerName} profitLoss={market.Runners[2]?.profitLoss} />
        ) : (
          '–'
        ),
    },
  ];
}

/**
 * `/mymarket`: the open markets and fancy sessions the client has bets on, each
 * side's position.
 */
export function MyMarkets({
  sports,
  eventLink,
}: {
  sports: readonly SportName[];
  eventLink: (market: MyMarket) => ReportLink;
}) {
  const markets = useMyMarkets();
  return (
    <ReportStatus isPending={markets.isPending} error={markets.error}>
      <DataTable
        label="My markets"
        columns={columns(sports, eventLink)}
        rows={markets.data ?? []}
        // An event has one entry per market type, and one per fancy session.
        rowKey={(market) =>
          `${market.EventId}-${market.MarketType}-${isFancy(market) ? String(market.Runners[0]?.selectionId) : ''}`
        }
      />
    </ReportStatus>
  );
}
