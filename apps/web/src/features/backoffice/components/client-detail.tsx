import type { BoClient } from '@backlay/contract/backoffice';
import type { ExclusionWire, LimitKind, LimitWire } from '@backlay/contract/safer';
import { LIMIT_LABELS } from '@backlay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatLimit, parseWhole, pendingLimitText } from '../../../lib/limit-label';
import { PleaseWait } from '../../../ui/please-wait';
import { creditClient } from '../api/credit-client';
import { useClientDetail } from '../api/get-client-detail';
import { liftExclusion } from '../api/lift-exclusion';
import { setLimitCeiling } from '../api/limit-ceiling';
import { lockBetting } from '../api/lock-betting';
import { resetPassword } from '../api/reset-password';
import { useInstantAction } from '../hooks/use-instant-action';
import { formatTime, parseRupees, rupees } from '../format';
import { backofficeKeys } from '../query-keys';
import { ActionDialog } from './action-dialog';
import { SignedRupees } from './figures';
import styles from './backoffice.module.css';

/** A credit (given) or a debit (taken: sent as a negative amount), as confirmed. */
interface Movement {
  readonly kind: 'credit' | 'debit';
  readonly amount: number;
  readonly remark: string;
}

/**
 * One client: wallet, safer-betting limits and exclusion, exposure per market, latest statement
 * rows and bets; an admin also credits or debits them (confirmed, with an Idempotency-Key per
 * submission), locks or unlocks their betting, sets their password, sets or lifts a limit's
 * ceiling and lifts an ended self-exclusion.
 */
export function ClientDetail({
  clientId,
  mayManage,
  listHref,
}: {
  clientId: string;
  mayManage: boolean;
  /** The way back to the list of clients. */
  listHref: string;
}) {
  const detail = useClientDetail(clientId);
  if (detail.isPending) return <PleaseWait />;
  if (detail.isError)
    return (
      <p className={styles.error} role="alert">
        {detail.error.message}
      </p>
    );
  const { client, positions, statement, bets, safer } = detail.data;
  return (
    <section className={styles.screen} aria-label={`Client ${client.username}`}>
      <Link to={listHref}>← All clients</Link>
      <h1 className={styles.title}>{client.username}</h1>
      <dl className={styles.summary}>
        <Figure label="Main balance">{rupees(client.mainBalance)}</Figure>
        <Figure label="Credit limit">{rupees(client.creditLimit)}</Figure>
        <Figure label="Exposure">{rupees(client.exposure)}</Figure>
        <Figure label="Betting">{client.isBettingLocked ? 'Locked' : 'Open'}</Figure>
        <Figure label="Created">{formatTime(client.createdAt)}</Figure>
        <Figure label="Last login">
          {client.lastLoginAt ? formatTime(client.lastLoginAt) : 'Never'}
        </Figure>
      </dl>
      {mayManage && <ClientActions client={client} />}

      <h2 className={styles.subtitle}>Safer betting</h2>
      <dl className={styles.summary}>
        <Figure label="Exclusion">{exclusionText(safer.exclusion)}</Figure>
      </dl>
      <Table
        label="Limits"
        head={['Limit', 'Own', 'In force', 'Pending', 'Ceiling', 'Left']}
        numeric={[1, 2, 4, 5]}
        rows={safer.limits.map((limit) => ({
          key: limit.kind,
          cells: [
            LIMIT_LABELS[limit.kind],
            limitAmount(limit, limit.own),
            limitAmount(limit, limit.value),
            pendingLimitText(limit) ?? '—',
            limitAmount(limit, limit.ceiling),
            limit.left === null ? '—' : rupees(limit.left),
          ],
        }))}
      />
      {mayManage && (
        <SaferActions
          username={client.username}
          limits={safer.limits}
          exclusion={safer.exclusion}
        />
      )}

      <h2 className={styles.subtitle}>Exposure per market</h2>
      <Table
        label="Exposure per market"
        head={['Event', 'Position', 'Exposure']}
        numeric={[2]}
        rows={positions.map((position) => ({
          key: position.positionKey,
          cells: [position.eventName, position.positionKey, rupees(position.exposure)],
        }))}
      />

      <h2 className={styles.subtitle}>Statement</h2>
      <Table
        label="Statement"
        head={['Date', 'Kind', 'Amount', 'Balance', 'Remark']}
        numeric={[2, 3]}
        rows={statement.map((row, index) => ({
          key: `${row.at}-${index}`,
          cells: [
            <time dateTime={row.at}>{formatTime(row.at)}</time>,
            row.kind,
            <SignedRupees value={row.amount} />,
            rupees(row.balance),
            row.remark,
          ],
        }))}
      />

      <h2 className={styles.subtitle}>Bets</h2>
      <Table
        label="Bets"
        head={[
          'Placed',
          'Event',
          'Market',
          'Selection',
          'Side',
          'Odds',
          'Stake',
          'Status',
          'Result',
        ]}
        numeric={[5, 6, 8]}
        rows={bets.map((bet) => ({
          key: bet.betId,
          cells: [
            <time dateTime={bet.placedAt}>{formatTime(bet.placedAt)}</time>,
            bet.eventName,
            bet.market,
            bet.selection,
            bet.side,
            bet.odds,
            rupees(bet.stake),
            bet.status,
            bet.result === null ? '—' : <SignedRupees value={bet.result} />,
          ],
        }))}
      />
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Table({
  label,
  head,
  numeric,
  rows,
}: {
  label: string;
  head: readonly string[];
  numeric: readonly number[];
  rows: readonly { readonly key: string; readonly cells: readonly ReactNode[] }[];
}) {
  const cellClass = (index: number) => (numeric.includes(index) ? styles.numeric : undefined);
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            {head.map((title, index) => (
              <th key={title} scope="col" className={cellClass(index)}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className={styles.empty}>
                Nothing yet.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) => (
                  <td key={head[index]} className={cellClass(index)}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The statement that confirms a movement: "Credit ₹500.00 to alice?" */
export function movementStatement(movement: Movement, username: string): string {
  return movement.kind === 'credit'
    ? `Credit ${rupees(movement.amount)} to ${username}?`
    : `Debit ${rupees(movement.amount)} from ${username}?`;
}

function ClientActions({ client }: { client: BoClient }) {
  const queryClient = useQueryClient();
  const ids = { amount: useId(), remark: useId() };
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [movement, setMovement] = useState<Movement | null>(null);
  const [isResetting, setResetting] = useState(false);
  // The client's page and the list both show the wallet and the lock.
  const { busy, run } = useInstantAction([backofficeKeys.clients()]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: backofficeKeys.clients() });

  const confirm = (kind: Movement['kind']) => (event: FormEvent) => {
    event.preventDefault();
    const value = parseRupees(amount);
    if (value === undefined) {
      setError('Amount: rupees above zero, with at most two decimals');
      return;
    }
    setError(null);
    setMovement({ kind, amount: value, remark: remark.trim() });
  };

  return (
    <div className={styles.toolbar}>
      <form
        className={styles.form}
        aria-label="Credit or debit"
        onSubmit={confirm('credit')}
        noValidate
      >
        <div className={styles.field}>
          <label htmlFor={ids.amount}>Amount (₹)</label>
          <input
            id={ids.amount}
            inputMode="decimal"
            value={amount}
            aria-invalid={error !== null}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.remark}>Remark</label>
          <input
            id={ids.remark}
            value={remark}
            maxLength={200}
            onChange={(event) => setRemark(event.target.value)}
          />
        </div>
        <button type="submit" className={styles.primary}>
          Credit
        </button>
        <button type="button" className={styles.secondary} onClick={confirm('debit')}>
          Debit
        </button>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy !== null}
          onClick={() =>
            void run('lock', () =>
              lockBetting({ username: client.username, locked: !client.isBettingLocked }),
            )
          }
        >
          {client.isBettingLocked ? 'Unlock betting' : 'Lock betting'}
        </button>
        <button type="button" className={styles.secondary} onClick={() => setResetting(true)}>
          Reset password
        </button>
      </div>
      {movement && (
        <ActionDialog
          title={movement.kind === 'credit' ? 'Credit' : 'Debit'}
          statement={movementStatement(movement, client.username)}
          confirmLabel={movement.kind === 'credit' ? 'Credit' : 'Debit'}
          send={({ idempotencyKey }) =>
            creditClient(
              {
                username: client.username,
                amount: movement.kind === 'credit' ? movement.amount : -movement.amount,
                ...(movement.remark ? { remark: movement.remark } : {}),
              },
              idempotencyKey,
            )
          }
          onAnswered={(answer) => {
            refresh();
            if (answer.Status) {
              setAmount('');
              setRemark('');
            }
          }}
          onClose={() => setMovement(null)}
        />
      )}
      {isResetting && (
        <ResetPasswordDialog username={client.username} onClose={() => setResetting(false)} />
      )}
    </div>
  );
}

function ResetPasswordDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  return (
    <ActionDialog
      title="Reset password"
      statement={`Set a new password for ${username}? Their sessions end at once.`}
      confirmLabel="Set password"
      problem={password.length < 8 ? 'The password needs at least 8 characters' : undefined}
      fields={({ isHeld }) => (
        <div className={styles.field}>
          <label htmlFor={id}>New password</label>
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            value={password}
            readOnly={isHeld}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
      )}
      send={() => resetPassword({ username, password })}
      onClose={onClose}
    />
  );
}

const limitAmount = (limit: LimitWire, value: number | null) =>
  value === null ? '—' : formatLimit(limit.kind, value);

/** A client's exclusion as the back office shows it: "Time-out until 4 Dec 2026 02:05 PM". */
export function exclusionText(exclusion: ExclusionWire | null): string {
  if (exclusion === null) return 'None';
  const kind = exclusion.kind === 'time_out' ? 'Time-out' : 'Self-exclusion';
  return exclusion.until === null
    ? `${kind}, permanent`
    : `${kind} until ${formatTime(exclusion.until)}`;
}

export const CEILING_MESSAGE = 'Ceiling: a whole number above zero';

/**
 * Safer betting for an admin: a ceiling on one of the client's limits (in force at once; the
 * client can then neither raise the limit above it nor remove it), and the lifting of an ended
 * self-exclusion, confirmed first.
 */
function SaferActions({
  username,
  limits,
  exclusion,
}: {
  username: string;
  limits: readonly LimitWire[];
  exclusion: ExclusionWire | null;
}) {
  const queryClient = useQueryClient();
  const ids = { kind: useId(), ceiling: useId() };
  const [kind, setKind] = useState<LimitKind>(limits[0]?.kind ?? 'lossDay');
  const [ceiling, setCeiling] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isLifting, setLifting] = useState(false);
  const { busy, run } = useInstantAction([backofficeKeys.clients()]);
  const chosen = limits.find((limit) => limit.kind === kind);

  const setTo = (value: number | null) =>
    void run('ceiling', () => setLimitCeiling({ username, kind, ceiling: value })).then((done) => {
      if (done) setCeiling('');
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseWhole(ceiling);
    if (value === undefined) {
      setError(CEILING_MESSAGE);
      return;
    }
    setError(null);
    setTo(value);
  };

  return (
    <div className={styles.toolbar}>
      <form className={styles.form} aria-label="Limit ceiling" onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={ids.kind}>Limit</label>
          <select
            id={ids.kind}
            value={kind}
            onChange={(event) => setKind(event.target.value as LimitKind)}
          >
            {limits.map((limit) => (
              <option key={limit.kind} value={limit.kind}>
                {LIMIT_LABELS[limit.kind]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.ceiling}>
            {kind === 'session' ? 'Ceiling (minutes)' : 'Ceiling (₹)'}
          </label>
          <input
            id={ids.ceiling}
            inputMode="numeric"
            value={ceiling}
            aria-invalid={error !== null}
            onChange={(event) => setCeiling(event.target.value)}
          />
        </div>
        <button type="submit" className={styles.primary} disabled={busy !== null}>
          Set ceiling
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy !== null || chosen?.ceiling == null}
          onClick={() => setTo(null)}
        >
          Lift ceiling
        </button>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
      {exclusion?.kind === 'self_exclusion' && (
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => setLifting(true)}>
            Lift self-exclusion
          </button>
        </div>
      )}
      {isLifting && (
        <ActionDialog
          title="Lift self-exclusion"
          statement={`Lift the self-exclusion of ${username}? They can log in and bet again at once.`}
          confirmLabel="Lift self-exclusion"
          send={() => liftExclusion({ username })}
          onAnswered={() =>
            void queryClient.invalidateQueries({ queryKey: backofficeKeys.clients() })
          }
          onClose={() => setLifting(false)}
        />
      )}
    </div>
  );
}
