import { Fragment, useId } from 'react';
import { Link } from 'react-router';
import { fetchAgentHubTicket } from '../api/get-hub-ticket';
import { useAgentUserBook, type AgentUserBook } from '../api/get-book-users';
import { consoleKeys } from '../query-keys';
import { useRiskHub } from '../../hooks/use-risk-hub';
import { useAgentLogin } from '../../session';
import { LEVEL_LABELS } from '../../sections';
import { SignedRupees } from '../../components/figures';
import { rungLabel } from '../../components/risk-board';
import shared from '../../components/backoffice.module.css';
import { LoadState, marketKind } from './report-parts';
import styles from './report-parts.module.css';

/** The outcomes of a user book: a market's runners, or a session's final runs. */
export function outcomesOf(book: Pick<AgentUserBook, 'runners' | 'runs'>): string[] {
  if (book.runners.length > 0) return book.runners.map((runner) => runner.name);
  const ladder = book.runs.map((runs) => ({ runs }));
  return ladder.map((_rung, index) => rungLabel(ladder, index));
}

/**
 * `/backoffice/analysis/:marketId` (docs/agents.md#reads "Live book"): the user book of one
 * market or fancy session — each direct child of the agent (or of `parent` below it) with its
 * clients' result per outcome (+ they win) and the agent's take of it (what the agent wins). A
 * child above the clients leads down to its own children (`drillHref`). Kept current as the
 * market analysis is; a refusal (nothing open there, a user outside) is shown in the server's
 * words.
 */
export function MarketUsers({
  marketId,
  parent,
  drillHref,
  backHref,
}: {
  marketId: string;
  parent?: string | undefined;
  drillHref: (parent: string) => string;
  backHref: string;
}) {
  const me = useAgentLogin();
  const isHubConnected = useRiskHub({
    fetchTicket: fetchAgentHubTicket,
    queryKey: consoleKeys.book(),
  });
  const book = useAgentUserBook({ marketId, parent }, isHubConnected);
  const titleId = useId();
  const data = book.data;
  const isOwn = parent === undefined || parent.toLowerCase() === me?.username.toLowerCase();
  return (
    <section className={shared.screen} aria-labelledby={titleId}>
      <Link to={backHref} className={styles.link}>
        <span aria-hidden="true">← </span>Market analysis
      </Link>
      <h1 id={titleId} className={shared.title}>
        {data ? `${data.eventName} · ${data.marketName}` : 'User book'}
      </h1>
      <div className={shared.toolbar}>
        <h2 className={shared.subtitle}>{isOwn ? 'Your users' : `Users below ${parent}`}</h2>
        {!isOwn && me && (
          <Link to={drillHref(me.username)} className={styles.link}>
            Back to your users
          </Link>
        )}
      </div>
      <LoadState isPending={book.isPending} error={data ? null : book.error}>
        {data && (
          <>
            <p className={styles.intro}>
              {marketKind(data.marketType)}. P/L: each user&apos;s clients&apos; result if it
              happens (+ they win). My take: what you win of it.
            </p>
            {book.isError && (
              <p className={shared.error} role="status">
                Not updating: {book.error.message}
              </p>
            )}
            <UserBookTable book={data} drillHref={drillHref} />
          </>
        )}
      </LoadState>
    </section>
  );
}

function UserBookTable({
  book,
  drillHref,
}: {
  book: AgentUserBook;
  drillHref: (parent: string) => string;
}) {
  const outcomes = outcomesOf(book);
  const figures = (pL: readonly number[], myTake: readonly number[]) =>
    outcomes.map((_outcome, index) => (
      <Fragment key={index}>
        <td className={`${styles.numeric} ${styles.groupStart}`}>
          <SignedRupees value={pL[index] ?? 0} />
        </td>
        <td className={styles.numeric}>
          <SignedRupees value={myTake[index] ?? 0} />
        </td>
      </Fragment>
    ));
  return (
    <div className={styles.scroll} role="region" aria-label="User book" tabIndex={0}>
      <table className={styles.table}>
        <colgroup>
          <col />
        </colgroup>
        {outcomes.map((_outcome, index) => (
          <colgroup key={index} span={2} />
        ))}
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              User
            </th>
            {outcomes.map((outcome, index) => (
              <th key={index} scope="colgroup" colSpan={2} className={styles.group}>
                {outcome}
              </th>
            ))}
          </tr>
          <tr>
            {outcomes.map((_outcome, index) => (
              <Fragment key={index}>
                <th scope="col" className={`${styles.numeric} ${styles.groupStart}`}>
                  P/L
                </th>
                <th scope="col" className={styles.numeric}>
                  My take
                </th>
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {book.users.map((user) => (
            <tr key={user.userName}>
              <th scope="row">
                {user.level === 'client' ? (
                  user.userName
                ) : (
                  <Link to={drillHref(user.userName)} className={styles.link}>
                    {user.userName}
                  </Link>
                )}
                <span className={styles.level}>{LEVEL_LABELS[user.level]}</span>
              </th>
              {figures(user.pL, user.myTake)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {figures(book.total.pL, book.total.myTake)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
