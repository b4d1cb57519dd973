import { Fragment, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../../ui/icons';
import { paths, SPORTS } from '../paths';
import styles from './sidebar.module.css';

type Section = 'matka' | 'report' | `sport-${number}`;

/** The left sidebar of SPEC §2 Layout; sections expand and collapse on toggle. */
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
  const toggle = (section: Section) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(section)) next.delete(section);
      else next.add(section);
      return next;
    });

  const link = (to: string, label: string) => (
    <NavLink
      to={to}
      className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
      onClick={onNavigate}
    >
      {label}
    </NavLink>
  );

  const group = (section: Section, label: string, children: ReactNode) => (
    <li>
      <button
        type="button"
        className={styles.section}
        aria-expanded={expanded.has(section)}
        onClick={() => toggle(section)}
      >
        {label}
        <Icon name="chevron" className={styles.chevron} />
      </button>
      {expanded.has(section) && <ul className={styles.children}>{children}</ul>}
    </li>
  );

  return (
    <>
      {open && <div className={styles.scrim} onClick={onClose} aria-hidden="true" />}
      <nav className={styles.sidebar} data-open={open} aria-label="Main" hidden={!open}>
        <ul className={styles.list}>
          <li>{link(paths.home.href(), 'Home')}</li>
          <li>{link(paths.inplay.href(), 'In-play')}</li>
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
              {group(
                `sport-${sport.id}`,
                sport.name,
                <li>{link(paths.match.href(sport.id), `All ${sport.name}`)}</li>,
              )}
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
