import { useId } from 'react';
import { Link } from 'react-router';
import { fetchAgentHubTicket } from '../api/get-hub-ticket';
import {
  useAgentBook,
  type AgentBook,
  type AgentBookMarket,
  type AgentBookSession,
} from '../api/get-book';
import { consoleKeys } from '../query-keys';
import { useRiskHub } from '../../hooks/use-risk-hub';
import { formatTime, rupees } from '../../format';
import { SignedRupees } from '../../components/figures';
import { rungLabel } from '../../components/risk-board';
import shared from '../../components/backoffice.module.css';
import { LoadState, marketKind } from './report-parts';
import styles from './report-parts.module.css';

export const NO_OPEN_BETS = 'No open bets in your downline';

/** The markets and sessions of one event, in the book's order. */
interface EventBook {
  readonly eventId: number;
  readonly eventName: string;
  readonly markets: AgentBookMarket[];
  readonly fancy: AgentBookSession[];
}

/** The book grouped by event, each event where it first appears. */
export function byEvent(book: AgentBook): EventBook[] {
  const events = new Map<number, EventBook>();
  const eventOf = (eventId: number, eventName: string) => {
    let event = events.get(eventId);
    if (!event) {
      event = { eventId, eventName, markets: [], fancy: [] };
      events.set(eventId, event);
    }
    return event;
  };
  for (const market of book.markets) eventOf(market.eventId, market.eventName).markets.push(market);
  for (const session of book.fancy) eventOf(session.eventId, session.eventName).fancy.push(session);
  return [...events.values()];
}

/**
 * `/backoffice/analysis` (docs/agents.md#reads "Live book"): every event where the agent's
 * subtree has open bets, each market's runners with what the downline's levels win together if
 * it wins and the agent's own take, and each fancy session's positions by final runs. Live as the
 * risk screen is (docs/backoffice.md#live-risk): the agent's own hub connection reads the book
 * again on each `RiskChanged`, with a 10 s safety poll while connected and 1 s while not. Each
 * market and session leads to its user book (`marketHref`).
 */
export function MarketAnalysis({ marketHref }: { marketHref: (marketId: string) => string }) {
  const isHubConnected = useRiskHub({
    fetchTicket: fetchAgentHubTicket,
    queryKey: consoleKeys.book(),
  });
  const book = useAgentBook(isHubConnected);
  const titleId = useId();
  const data = book.data;
  const events = data ? byEvent(data) : [];
  return (
    <section className={shared.screen} aria-labelledby={titleId}>
      <div className={shared.toolbar}>
        <h1 id={titleId} className={shared.title}>
          Market analysis
        </h1>
        {data && (
          <p className={shared.muted}>
            As of <time dateTime={data.at}>{formatTime(data.at)}</time>
            {isHubConnected ? ' · live' : ''}
          </p>
        )}
      </div>
      <p className={styles.intro}>
        For each outcome: what your downline&apos;s levels win together if it happens, and your own
        take of it. A win carries +, a loss −.
      </p>
      <LoadState isPending={book.isPending} error={data ? null : book.error}>
        {book.isError && (
          <p className={shared.error} role="status">
            Not updating: {book.error.message}
          </p>
        )}
        {events.length === 0 ? (
          <p className={styles.empty}>{NO_OPEN_BETS}</p>
        ) : (
          events.map((event) => (
            <EventSection key={event.eventId} event={event} marketHref={marketHref} />
          ))
        )}
      </LoadState>
    </section>
  );
}

function EventSection({
  event,
  marketHref,
}: {
  event: EventBook;
  marketHref: (marketId: string) => string;
}) {
  const titleId = useId();
  return (
    <section className={shared.screen} aria-labelledby={titleId}>
      <h2 id={titleId} className={shared.subtitle}>
        {event.eventName}
      </h2>
      <div className={shared.cards}>
        {event.markets.map((market) => (
          <MarketCard key={market.marketId} market={market} marketHref={marketHref} />
        ))}
        {event.fancy.map((session) => (
          <SessionCard key={session.selectionId} session={session} marketHref={marketHref} />
        ))}
      </div>
    </section>
  );
}

function MarketCard({
  market,
  marketHref,
}: {
  market: AgentBookMarket;
  marketHref: (marketId: string) => string;
}) {
  const titleId = useId();
  return (
    <article className={shared.card} aria-labelledby={titleId} data-market-id={market.marketId}>
      <div className={shared.cardHead}>
        <h3 id={titleId} className={shared.cardTitle}>
          {market.marketName}
        </h3>
        <span className={shared.badge}>{marketKind(market.marketType)}</span>
      </div>
      <Positions
        label={`${market.eventName} · ${market.marketName}`}
        outcome="Runner"
        rows={market.runners.map((runner) => ({
          key: runner.selectionId,
          name: runner.name,
          downline: runner.downline,
          mine: runner.mine,
        }))}
      />
      <Exposures of={market} />
      <UserBookLink
        href={marketHref(market.marketId)}
        what={`${market.eventName} · ${market.marketName}`}
      />
    </article>
  );
}

function SessionCard({
  session,
  marketHref,
}: {
  session: AgentBookSession;
  marketHref: (marketId: string) => string;
}) {
  const titleId = useId();
  return (
    <article className={shared.card} aria-labelledby={titleId} data-market-id={session.selectionId}>
      <div className={shared.cardHead}>
        <h3 id={titleId} className={shared.cardTitle}>
          {session.name}
        </h3>
        <span className={shared.badge}>Fancy</span>
      </div>
      <Positions
        label={`${session.eventName} · ${session.name}`}
        outcome="Final runs"
        rows={session.ladder.map((rung, index) => ({
          key: String(rung.runs),
          name: rungLabel(session.ladder, index),
          downline: rung.downline,
          mine: rung.mine,
        }))}
      />
      <Exposures of={session} />
      <UserBookLink
        href={marketHref(session.selectionId)}
        what={`${session.eventName} · ${session.name}`}
      />
    </article>
  );
}

/** One outcome per row: the downline's levels together, then the agent's own take. */
function Positions({
  label,
  outcome,
  rows,
}: {
  label: string;
  outcome: string;
  rows: readonly { key: string; name: string; downline: number; mine: number }[];
}) {
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{outcome}</th>
            <th scope="col" className={styles.numeric}>
              Downline
            </th>
            <th scope="col" className={styles.numeric}>
              My take
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td className={styles.numeric}>
                <SignedRupees value={row.downline} />
              </td>
              <td className={styles.numeric}>
                <SignedRupees value={row.mine} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Exposures({
  of,
}: {
  of: { downlineExposure: number; myExposure: number; openBets: number };
}) {
  return (
    <dl className={shared.summary}>
      <div>
        <dt>Downline exposure</dt>
        <dd>{rupees(of.downlineExposure)}</dd>
      </div>
      <div>
        <dt>My exposure</dt>
        <dd>{rupees(of.myExposure)}</dd>
      </div>
      <div>
        <dt>Open bets</dt>
        <dd>{of.openBets}</dd>
      </div>
    </dl>
  );
}

/** "User book", named for screen readers by what it opens. */
function UserBookLink({ href, what }: { href: string; what: string }) {
  return (
    <Link to={href} className={styles.link}>
      User book<span className={styles.hidden}> for {what}</span>
    </Link>
  );
}
