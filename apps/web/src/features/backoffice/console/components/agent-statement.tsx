import { useId, useState } from 'react';
import { useAgentStatement, type AgentStatementRow } from '../api/get-statement';
import { formatTime, rupees } from '../../format';
import { LEVEL_LABELS } from '../../sections';
import { SignedRupees } from '../../components/figures';
import shared from '../../components/backoffice.module.css';
import {
  DaysForm,
  LoadState,
  Pager,
  pageQuery,
  ReportTable,
  useDays,
  type Column,
} from './report-parts';
import styles from './report-parts.module.css';

export const NO_ROWS = 'No entries in these days';

/** What a ledger row is (docs/agents.md#chips, #clearing, #commission). */
const KINDS: Readonly<Record<AgentStatementRow['kind'], string>> = {
  credit: 'Chips',
  settlement: 'Settlement',
  profit_loss: 'Casino / matka',
  commission: 'Commission',
  clearing: 'Clearing',
};

const COLUMNS: readonly Column<AgentStatementRow>[] = [
  { label: 'Date', cell: (row) => <time dateTime={row.at}>{formatTime(row.at)}</time> },
  { label: 'Description', cell: (row) => row.description },
  { label: 'Kind', cell: (row) => KINDS[row.kind] },
  { label: 'Amount', isNumeric: true, cell: (row) => <SignedRupees value={row.amount} /> },
  { label: 'Balance', isNumeric: true, cell: (row) => rupees(row.balance) },
  { label: 'Remark', cell: (row) => row.remark },
];

/**
 * `/backoffice/statement/:username?` (docs/agents.md#reads "statement"): the account statement
 * of the agent or of a user below it (named in the form, or by the route), its ledger rows of the
 * report days chosen oldest first with the running balance, and the balances before and after
 * them. A user outside the agent's subtree answers the server's 404 in its words.
 */
export function AgentStatement({ username }: { username?: string | undefined }) {
  const titleId = useId();
  const userId = useId();
  const [account, setAccount] = useState(username);
  const [draft, setDraft] = useState(username ?? '');
  const [days, setDays] = useDays('statement');
  const [page, setPage] = useState(1);
  const statement = useAgentStatement({
    ...(account === undefined ? {} : { username: account }),
    ...days,
    ...pageQuery(page),
  });
  const data = statement.data;
  return (
    <section className={shared.screen} aria-labelledby={titleId}>
      <h1 id={titleId} className={shared.title}>
        Account statement
      </h1>
      <DaysForm
        label="Statement filters"
        days={days}
        onApply={(next) => {
          const name = draft.trim();
          setAccount(name === '' ? undefined : name);
          setDays(next);
          setPage(1);
        }}
      >
        <div className={styles.field}>
          <label htmlFor={userId}>Username (empty: yours)</label>
          <input
            id={userId}
            type="search"
            autoComplete="off"
            maxLength={32}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
      </DaysForm>
      <LoadState isPending={statement.isPending} error={statement.error}>
        {data && (
          <>
            <h2 className={shared.subtitle}>
              {data.username} · {LEVEL_LABELS[data.level]}
            </h2>
            <dl className={shared.summary}>
              <div>
                <dt>Opening balance</dt>
                <dd>{rupees(data.openBalance)}</dd>
              </div>
              <div>
                <dt>Closing balance</dt>
                <dd>{rupees(data.closeBalance)}</dd>
              </div>
            </dl>
            <ReportTable
              label="Statement"
              columns={COLUMNS}
              rows={data.rows}
              rowKey={(_row, index) => `${page} ${index}`}
              empty={NO_ROWS}
            />
            <Pager label="Statement pages" page={page} total={data.total} onPage={setPage} />
          </>
        )}
      </LoadState>
    </section>
  );
}
