import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Tabs } from '../../../../ui/tabs';
import { useAgentPl, type AgentPlMarketRow } from '../api/get-pl';
import { useAgentPlByUser, type AgentPlUserRow } from '../api/get-pl-by-user';
import { formatTime, rupees, signedRupees } from '../../format';
import { LEVEL_LABELS } from '../../sections';
import { SignedRupees } from '../../components/figures';
import shared from '../../components/backoffice.module.css';
import {
  DaysForm,
  LoadState,
  marketKind,
  Pager,
  pageQuery,
  ReportTable,
  useDays,
  type Column,
  type Days,
} from './report-parts';
import styles from './report-parts.module.css';

export const NO_MARKETS = 'No market of your downline settled in these days';
export const NO_USERS = 'No results in your downline in these days';

/** The figures of a P/L row or its totals (docs/agents.md#reads "P/L by market"). */
interface PlFigures {
  readonly clientResult: number;
  readonly myShare: number;
  readonly commission: number;
  readonly myCommission: number;
  readonly myNet: number;
}

/**
 * The clients' result is theirs (+ they won), so it carries its sign without the colours of the
 * agent's own figures; the agent's share, its bearing of the commission and its net are toned.
 */
function figureColumns<T extends PlFigures>(): Column<T>[] {
  return [
    { label: "Clients' result", isNumeric: true, cell: (row) => signedRupees(row.clientResult) },
    { label: 'My share', isNumeric: true, cell: (row) => <SignedRupees value={row.myShare} /> },
    { label: 'Commission', isNumeric: true, cell: (row) => rupees(row.commission) },
    {
      label: 'My commission',
      isNumeric: true,
      cell: (row) => <SignedRupees value={row.myCommission} />,
    },
    { label: 'Net', isNumeric: true, cell: (row) => <SignedRupees value={row.myNet} /> },
  ];
}

type View = 'market' | 'user';

/**
 * `/backoffice/pl` (docs/agents.md#reads "P/L by market", "By user"): the agent's P/L over the
 * report days chosen (the last week at first), by market — matka draws and casino games among
 * them as the server books them — or by direct downline user with its subtree, walking down a
 * level at a time; each with the range's totals: the clients' result, the agent's share, the
 * commission paid, the agent's bearing of it and its net.
 */
export function ProfitLoss({ userHref }: { userHref: (username: string) => string }) {
  const titleId = useId();
  const [days, setDays] = useDays('profit-loss');
  const [view, setView] = useState<View>('market');
  /** The users walked down through by user, top down; the last is the parent listed. */
  const [trail, setTrail] = useState<readonly string[]>([]);
  return (
    <section className={shared.screen} aria-labelledby={titleId}>
      <h1 id={titleId} className={shared.title}>
        Profit &amp; loss
      </h1>
      <DaysForm label="P/L days" days={days} onApply={setDays} />
      <Tabs<View>
        label="P/L by"
        tabs={[
          { key: 'market', label: 'By market' },
          { key: 'user', label: 'By user' },
        ]}
        selected={view}
        onSelect={setView}
      >
        {view === 'market' ? (
          <ByMarket key={JSON.stringify(days)} days={days} />
        ) : (
          <ByUser
            key={JSON.stringify([days, trail])}
            days={days}
            trail={trail}
            onWalk={setTrail}
            userHref={userHref}
          />
        )}
      </Tabs>
    </section>
  );
}

/** A market's event and kind beneath its name, each once ("India v Australia", "Matka"). */
function whereOf(row: AgentPlMarketRow): string {
  const parts = [row.eventName, marketKind(row.marketType)].filter(
    (part) => part !== '' && part !== row.marketName,
  );
  return [...new Set(parts)].join(' · ');
}

const MARKET_COLUMNS: readonly Column<AgentPlMarketRow>[] = [
  {
    label: 'Market',
    cell: (row) => (
      <>
        {row.marketName}
        <span className={styles.level}>{whereOf(row)}</span>
      </>
    ),
  },
  {
    label: 'Settled',
    cell: (row) => <time dateTime={row.settledAt}>{formatTime(row.settledAt)}</time>,
  },
  ...figureColumns<AgentPlMarketRow>(),
];

function ByMarket({ days }: { days: Days }) {
  const [page, setPage] = useState(1);
  const report = useAgentPl({ ...days, ...pageQuery(page) });
  const data = report.data;
  return (
    <div className={shared.screen}>
      <LoadState isPending={report.isPending} error={report.error}>
        {data && (
          <>
            <Totals totals={data.totals} />
            <ReportTable
              label="P/L by market"
              columns={MARKET_COLUMNS}
              rows={data.markets}
              rowKey={(row) => row.marketId}
              empty={NO_MARKETS}
            />
            <Pager label="P/L pages" page={page} total={data.total} onPage={setPage} />
          </>
        )}
      </LoadState>
    </div>
  );
}

function ByUser({
  days,
  trail,
  onWalk: walk,
  userHref,
}: {
  days: Days;
  trail: readonly string[];
  onWalk: (trail: readonly string[]) => void;
  userHref: (username: string) => string;
}) {
  const [page, setPage] = useState(1);
  const parent = trail.at(-1);
  const report = useAgentPlByUser({
    ...days,
    ...(parent === undefined ? {} : { parent }),
    ...pageQuery(page),
  });
  const data = report.data;
  const columns: Column<AgentPlUserRow>[] = [
    {
      label: 'User',
      cell: (row) => (
        <>
          {row.level === 'client' ? (
            row.username
          ) : (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => walk([...trail, row.username])}
            >
              {row.username}
            </button>
          )}
          <span className={styles.level}>{LEVEL_LABELS[row.level]}</span>
        </>
      ),
    },
    ...figureColumns<AgentPlUserRow>(),
    {
      label: 'Downline',
      cell: (row) =>
        row.level === 'client' ? null : (
          <Link to={userHref(row.username)} className={styles.link}>
            Open<span className={styles.hidden}> the downline of {row.username}</span>
          </Link>
        ),
    },
  ];
  return (
    <div className={shared.screen}>
      <Trail trail={trail} onWalk={walk} />
      <LoadState isPending={report.isPending} error={report.error}>
        {data && (
          <>
            <Totals totals={data.totals} />
            <ReportTable
              label="P/L by user"
              columns={columns}
              rows={data.users}
              rowKey={(row) => `${row.level} ${row.username}`}
              empty={NO_USERS}
            />
            <Pager label="P/L pages" page={page} total={data.total} onPage={setPage} />
          </>
        )}
      </LoadState>
    </div>
  );
}

/** Where the by-user list stands: the agent, then each user walked down through. */
function Trail({
  trail,
  onWalk,
}: {
  trail: readonly string[];
  onWalk: (trail: readonly string[]) => void;
}) {
  const steps: { name: string; trail: readonly string[] }[] = [
    { name: 'Your users', trail: [] },
    ...trail.map((name, index) => ({ name, trail: trail.slice(0, index + 1) })),
  ];
  return (
    <nav aria-label="Downline levels">
      <ol className={styles.trail}>
        {steps.map((step, index) => (
          <li key={step.trail.join(' ') || 'top'}>
            {index === steps.length - 1 ? (
              <span aria-current="location">{step.name}</span>
            ) : (
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => onWalk(step.trail)}
              >
                {step.name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Totals({ totals }: { totals: PlFigures }) {
  const titleId = useId();
  const figures: [string, ReactNode][] = [
    ["Clients' result", signedRupees(totals.clientResult)],
    ['My share', <SignedRupees key="share" value={totals.myShare} />],
    ['Commission', rupees(totals.commission)],
    ['My commission', <SignedRupees key="commission" value={totals.myCommission} />],
    ['Net', <SignedRupees key="net" value={totals.myNet} />],
  ];
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={shared.subtitle}>
        Totals
      </h2>
      <dl className={shared.summary}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
