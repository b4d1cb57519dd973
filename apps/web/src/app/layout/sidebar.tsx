import { Fragment, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useMarketList } from '../../features/markets/api/get-market-list';
import { inPlayMarkets, marketTree } from '../../features/markets/market-tree';
import { Icon } from '../../ui/icons';
import { paths, SPORTS } from '../paths';
import { marketLink } from '../routes/market-link';
import styles from './sidebar.module.css';

type Section = 'matka' | 'report' | `sport-${number}` | `series-${number}-${string}`;

/** The left sidebar of docs/product.md#screens Layout; sections expand and collapse on toggle. */
export function Sidebar({
  open,
  onNavigate,
  onClose,
}: {
  open: boolean;
  onNavigate: () => void;
  onClose: () => void;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<Section>>(new Set());
  // Every sport's open events: the sports' series trees and the in-play count (docs/product.md#screens Layout).
  const { data: markets = [] } = useMarketList(0);
  const inPlayCount = inPlayMarkets(markets).length;
  const toggle = (section: Section) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(section)) next.delete(section);
      else next.add(section);
      return next;
    });

  const link = (to: string, label: ReactNode, state?: unknown) => (
    <NavLink
      to={to}
      state={state}
      className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
      onClick={onNavigate}
    >
      {label}
    </NavLink>
  );

  const group = (section: Section, label: string, children: ReactNode, nested = false) => (
    <li>
      <button
        type="button"
        className={nested ? `${styles.section} ${styles.nested}` : styles.section}
        aria-expanded={expanded.has(section)}
        onClick={() => toggle(section)}
      >
        <span className={styles.label}>{label}</span>
        <Icon name="chevron" className={styles.chevron} />
      </button>
      {expanded.has(section) && <ul className={styles.children}>{children}</ul>}
    </li>
  );

  const sportTree = (sportId: number, sportName: string) => (
    <>
      <li>{link(paths.match.href(sportId), `All ${sportName}`)}</li>
      {marketTree(markets, sportId).map((series) => (
        <Fragment key={series.seriesName}>
          {group(
            `series-${sportId}-${series.seriesName}`,
            series.seriesName,
            series.markets.map((market) => {
              const { to, state } = marketLink(market);
              return <li key={market.MarketId}>{link(to, market.MarketName, state)}</li>;
            }),
            true,
          )}
        </Fragment>
      ))}
    </>
  );

  return (
    <>
      {open && <div className={styles.scrim} onClick={onClose} aria-hidden="true" />}
      <nav className={styles.sidebar} data-open={open} aria-label="Main" hidden={!open}>
        <ul className={styles.list}>
          <li>{link(paths.home.href(), 'Home')}</li>
          <li>
            {link(
              paths.inplay.href(),
              <>
                In-play
                <span className={styles.count} aria-label={`${inPlayCount} in play`}>
                  {inPlayCount}
                </span>
              </>,
            )}
          </li>
          <li>{link(paths.myMarket.href(), 'My Market')}</li>
          {group(
            'matka',
            'Matka',
            <>
              <li>{link(paths.matkaMarket.href(), 'Matka')}</li>
              <li>{link(paths.matkaResult.href(), 'Market Result')}</li>
              <li>{link(paths.matkaProfitLoss.href(), 'Market Profit & Loss')}</li>
            </>,
          )}
          {SPORTS.map((sport) => (
            <Fragment key={sport.id}>
              {group(`sport-${sport.id}`, sport.name, sportTree(sport.id, sport.name))}
            </Fragment>
          ))}
          <li>{link(paths.casinoList.href(), 'Casino')}</li>
          {group(
            'report',
            'Report',
            <>
              <li>{link(paths.accountStatement.href(), 'Account Statement')}</li>
              <li>{link(paths.profitLoss.href(), 'Profit & Loss')}</li>
              <li>{link(paths.betHistory.href(), 'Bet History')}</li>
            </>,
          )}
          <li>{link(paths.news.href(), 'News')}</li>
        </ul>
      </nav>
    </>
  );
}
