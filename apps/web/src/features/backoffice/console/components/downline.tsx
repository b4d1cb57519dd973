import { paging } from '@backlay/domain';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../../lib/api';
import { Pagination } from '../../../../ui/pagination';
import { PleaseWait } from '../../../../ui/please-wait';
import { useDownline, type DownlineAnswer } from '../api/downline';
import { useAgentMe } from '../api/get-me';
import { rupees } from '../../format';
import { LEVEL_LABELS } from '../../sections';
import { DownlineTable } from './downline-table';
import { percentText, type AgentMe } from './user-effects';
import styles from './downline.module.css';
import forms from './user-forms.module.css';

/** Users per page of the downline. */
export const DOWNLINE_PAGE_SIZE = 20;

interface DownlineProps {
  /** A user below the agent whose children to list; the agent's own when absent. */
  parent?: string | undefined;
  userHref: (username: string) => string;
  topHref: string;
  statementHref: (username: string) => string;
  createHref: string;
}

/**
 * The agent's downline (docs/agents.md#levels, #credit-reference): the direct children of the
 * agent, or of a user below it, searched and paged, with the way back up; each row's actions in
 * dialogs. A user outside the agent's subtree is not found, as one that does not exist
 * (docs/agents.md#reads).
 */
export function Downline({ parent, userHref, topHref, statementHref, createHref }: DownlineProps) {
  const searchId = useId();
  const me = useAgentMe();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useDownline({
    ...(parent === undefined ? {} : { parent }),
    ...(search ? { search } : {}),
    skip: String((page - 1) * DOWNLINE_PAGE_SIZE),
    take: String(DOWNLINE_PAGE_SIZE),
  });

  if (list.isError && list.error instanceof ApiError && list.error.status === 404)
    return <NotFound message={list.error.message} topHref={topHref} />;

  const crumbs = list.data?.breadcrumb;
  // The listed parent, when it is not the agent: chips move only with the agent's own children.
  const below = crumbs && crumbs.length > 1 ? crumbs[crumbs.length - 1]?.username : undefined;
  const isMine = crumbs ? below === undefined : parent === undefined;
  const title = below ?? (isMine ? undefined : parent);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };

  return (
    <section className={styles.screen} aria-labelledby={`${searchId}-title`}>
      <div className={styles.head}>
        <h1 id={`${searchId}-title`} className={styles.title}>
          {title === undefined ? 'Downline' : `Downline of ${title}`}
        </h1>
        {isMine && (
          <Link className={styles.create} to={createHref}>
            Create user
          </Link>
        )}
      </div>
      <MySummary me={me.data} />
      {crumbs && <Breadcrumb crumbs={crumbs} topHref={topHref} userHref={userHref} />}
      <form className={styles.search} role="search" onSubmit={submit}>
        <div className={forms.field}>
          <label htmlFor={searchId}>Search by username</label>
          <input
            id={searchId}
            type="search"
            value={draft}
            maxLength={32}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className={forms.primary}>
          Search
        </button>
      </form>
      {list.isPending ? (
        <PleaseWait />
      ) : list.isError ? (
        <div className={styles.notFound}>
          <p className={styles.alert} role="alert">
            {list.error.message}
          </p>
          <Link className={styles.back} to={topHref}>
            Back to my downline
          </Link>
        </div>
      ) : (
        <>
          <DownlineTable
            users={list.data.users}
            me={me.data}
            parent={below}
            userHref={userHref}
            statementHref={statementHref}
          />
          <Pagination
            label="Downline pages"
            paging={paging(page, list.data.total, DOWNLINE_PAGE_SIZE)}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

/** The agent's own balance and shares, above its downline. */
function MySummary({ me }: { me: AgentMe | undefined }) {
  if (!me) return null;
  return (
    <dl className={styles.summary} aria-label="Your figures">
      <div>
        <dt>Your balance</dt>
        <dd>{rupees(me.balance)}</dd>
      </div>
      <div>
        <dt>Your partnership</dt>
        <dd>{percentText(me.partnership)}</dd>
      </div>
      <div>
        <dt>Match commission</dt>
        <dd>{percentText(me.matchCommission)}</dd>
      </div>
      <div>
        <dt>Session commission</dt>
        <dd>{percentText(me.sessionCommission)}</dd>
      </div>
    </dl>
  );
}

/** From the agent down to the user whose children are listed: each step a link up. */
function Breadcrumb({
  crumbs,
  topHref,
  userHref,
}: {
  crumbs: DownlineAnswer['breadcrumb'];
  topHref: string;
  userHref: (username: string) => string;
}) {
  return (
    <nav className={styles.crumbs} aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => {
          const level = <span className={styles.level}>({LEVEL_LABELS[crumb.level]})</span>;
          return (
            <li key={crumb.username}>
              {index === crumbs.length - 1 ? (
                <span aria-current="page">
                  {crumb.username}
                  {level}
                </span>
              ) : (
                <Link to={index === 0 ? topHref : userHref(crumb.username)}>
                  {crumb.username}
                  {level}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** A user outside the agent's subtree, or none: the server's words and the way back. */
function NotFound({ message, topHref }: { message: string; topHref: string }) {
  return (
    <section className={styles.screen} aria-labelledby="downline-not-found">
      <div className={styles.notFound}>
        <h1 id="downline-not-found" className={styles.title}>
          User not found
        </h1>
        <p className={styles.alert} role="alert">
          {message}
        </p>
        <Link className={styles.back} to={topHref}>
          Back to my downline
        </Link>
      </div>
    </section>
  );
}
