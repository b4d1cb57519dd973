import { useId, useState } from 'react';
import { useAgentCommission, type AgentCommissionRow } from '../api/get-commission-report';
import { rupees } from '../../format';
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

export const NO_COMMISSION = 'No commission paid in your downline in these days';

const COLUMNS: readonly Column<AgentCommissionRow>[] = [
  { label: 'Client', cell: (row) => row.username },
  { label: 'Parent', cell: (row) => row.parent },
  { label: 'Match commission', isNumeric: true, cell: (row) => rupees(row.match) },
  { label: 'Session commission', isNumeric: true, cell: (row) => rupees(row.session) },
  { label: 'My bearing', isNumeric: true, cell: (row) => <SignedRupees value={row.myBearing} /> },
];

/**
 * `/backoffice/commission` (docs/agents.md#commission, #reads "commission report"): the match
 * and session commission paid to each client of the agent's subtree in the report days chosen
 * (the last week at first), the agent's bearing of it (≤ 0), and the range's totals.
 */
export function CommissionReport(_props: Record<string, never>) {
  const titleId = useId();
  const totalsId = useId();
  const [days, setDays] = useDays('profit-loss');
  const [page, setPage] = useState(1);
  const report = useAgentCommission({ ...days, ...pageQuery(page) });
  const data = report.data;
  return (
    <section className={shared.screen} aria-labelledby={titleId}>
      <h1 id={titleId} className={shared.title}>
        Commission
      </h1>
      <DaysForm
        label="Commission days"
        days={days}
        onApply={(next) => {
          setDays(next);
          setPage(1);
        }}
      />
      <LoadState isPending={report.isPending} error={report.error}>
        {data && (
          <>
            <section aria-labelledby={totalsId}>
              <h2 id={totalsId} className={shared.subtitle}>
                Totals
              </h2>
              <dl className={shared.summary}>
                <div>
                  <dt>Match commission</dt>
                  <dd>{rupees(data.totals.match)}</dd>
                </div>
                <div>
                  <dt>Session commission</dt>
                  <dd>{rupees(data.totals.session)}</dd>
                </div>
                <div>
                  <dt>My bearing</dt>
                  <dd>
                    <SignedRupees value={data.totals.myBearing} />
                  </dd>
                </div>
              </dl>
            </section>
            <ReportTable
              label="Commission by client"
              columns={COLUMNS}
              rows={data.clients}
              rowKey={(row) => row.username}
              empty={NO_COMMISSION}
            />
            <Pager label="Commission pages" page={page} total={data.total} onPage={setPage} />
          </>
        )}
      </LoadState>
    </section>
  );
}
