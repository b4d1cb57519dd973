import { MARKET_TYPES, type MarketType } from '@backlay/domain';
import { useId, useState, type FormEvent } from 'react';
import { marketTypeLabel } from '../../../../lib/market-type-label';
import { useBookEvents } from '../api/get-book';
import { useAgentBets, type AgentOpenBet } from '../api/get-bets';
import { formatTime, rupees } from '../../format';
import shared from '../../components/backoffice.module.css';
import { LoadState, Pager, pageQuery, ReportTable, type Column } from './report-parts';
import styles from './report-parts.module.css';

export const NO_OPEN_BETS = 'No open bets in your downline';
export const NO_MATCHING_BETS = 'No open bets match these filters';

interface BetFilters {
  readonly username: string;
  /** An event id, or '' for every event. */
  readonly eventId: string;
  readonly marketType: MarketType | '';
}

const NO_FILTERS: BetFilters = { username: '', eventId: '', marketType: '' };

/** The wire's query of the filters: only those set. */
function queryOf(filters: BetFilters, page: number) {
  return {
    ...(filters.username ? { username: filters.username } : {}),
    ...(filters.eventId ? { eventId: filters.eventId } : {}),
    ...(filters.marketType ? { marketType: filters.marketType } : {}),
    ...pageQuery(page),
  };
}

/** The price of a bet: its odds, and a fancy bet's rate. */
const oddsOf = (bet: AgentOpenBet) =>
  bet.marketType === 'FANCY' ? `${bet.odds} (rate ${bet.price})` : String(bet.odds);

const COLUMNS: readonly Column<AgentOpenBet>[] = [
  { label: 'User', cell: (bet) => bet.username },
  {
    label: 'Placed',
    cell: (bet) => <time dateTime={bet.placedAt}>{formatTime(bet.placedAt)}</time>,
  },
  { label: 'Event', cell: (bet) => bet.eventName },
  {
    label: 'Market',
    cell: (bet) => (
      <>
        {bet.marketName}
        {marketTypeLabel(bet.marketType) !== bet.marketName && (
          <span className={styles.level}>{marketTypeLabel(bet.marketType)}</span>
        )}
      </>
    ),
  },
  { label: 'Selection', cell: (bet) => bet.selectionName },
  { label: 'Side', cell: (bet) => bet.side },
  { label: 'Odds', isNumeric: true, cell: oddsOf },
  { label: 'Stake', isNumeric: true, cell: (bet) => rupees(bet.stake) },
  { label: 'Liability', isNumeric: true, cell: (bet) => rupees(bet.liability) },
];

/**
 * `/backoffice/bets` (docs/agents.md#reads "Current bets"): the open bets of the agent's
 * subtree, newest first, a page at a time; filtered by a user below the agent (its own subtree
 * for a user above the clients), an event where bets are open, and a market type. A user
 * outside answers the server's 404 in its words.
 */
export function CurrentBets(_props: Record<string, never>) {
  const titleId = useId();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const bets = useAgentBets(queryOf(filters, page));
  const data = bets.data;
  const isFiltered = filters !== NO_FILTERS;
  return (
    <section className={shared.screen} aria-labelledby={titleId}>
      <h1 id={titleId} className={shared.title}>
        Current bets
      </h1>
      <BetFiltersForm
        filters={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <LoadState isPending={bets.isPending} error={bets.error}>
        {data && (
          <>
            <p className={styles.intro}>
              {data.total === 1 ? '1 open bet' : `${data.total} open bets`}
            </p>
            <ReportTable
              label="Open bets"
              columns={COLUMNS}
              rows={data.bets}
              rowKey={(bet) => bet.betId}
              empty={isFiltered ? NO_MATCHING_BETS : NO_OPEN_BETS}
            />
            <Pager label="Bet pages" page={page} total={data.total} onPage={setPage} />
          </>
        )}
      </LoadState>
    </section>
  );
}

function BetFiltersForm({
  filters,
  onApply,
}: {
  filters: BetFilters;
  onApply: (filters: BetFilters) => void;
}) {
  const ids = { username: useId(), event: useId(), type: useId() };
  const events = useBookEvents().data ?? [];
  const [draft, setDraft] = useState(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...draft, username: draft.username.trim() };
    const isNone = !next.username && !next.eventId && !next.marketType;
    onApply(isNone ? NO_FILTERS : next);
  };
  return (
    <form aria-label="Bet filters" className={styles.form} onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={ids.username}>User</label>
        <input
          id={ids.username}
          type="search"
          autoComplete="off"
          maxLength={32}
          value={draft.username}
          onChange={(event) => setDraft({ ...draft, username: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.event}>Event</label>
        <select
          id={ids.event}
          value={draft.eventId}
          onChange={(event) => setDraft({ ...draft, eventId: event.target.value })}
        >
          <option value="">All events</option>
          {events.map((event) => (
            <option key={event.eventId} value={String(event.eventId)}>
              {event.eventName}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.type}>Market type</label>
        <select
          id={ids.type}
          value={draft.marketType}
          onChange={(event) =>
            setDraft({
              ...draft,
              marketType: MARKET_TYPES.find((type) => type === event.target.value) ?? '',
            })
          }
        >
          <option value="">All markets</option>
          {MARKET_TYPES.map((type) => (
            <option key={type} value={type}>
              {marketTypeLabel(type)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={styles.button}>
        Show
      </button>
    </form>
  );
}
