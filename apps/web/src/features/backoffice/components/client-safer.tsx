/**
 * The client's safer betting (docs/safer-gambling.md): their exclusion, each limit (own, in
 * force, pending, the operator's ceiling, what is left), and for an admin the tools on them.
 */
import type { ExclusionWire, LimitKind, LimitWire } from '@backlay/contract/safer';
import { LIMIT_LABELS, limitIsMoney } from '@backlay/domain';
import { formatMinutes } from '../../../lib/limit-label';
import { formatTime, rupees } from '../format';
import { ClientSaferActions } from './client-safer-actions';
import { DetailTable } from './detail-table';
import { Figure } from './figures';
import styles from './backoffice.module.css';

/** A limit's amount as the house screens write money (`₹5,000.00`), or its time (`2 hours`). */
const limitText = (kind: LimitKind, value: number) =>
  limitIsMoney(kind) ? rupees(value) : formatMinutes(value);

const limitAmount = (limit: LimitWire, value: number | null) =>
  value === null ? '—' : limitText(limit.kind, value);

/** A raise or removal waiting its 24 hours: "Raises to ₹9,000.00 at …", "Removed at …". */
function pendingText(limit: LimitWire): string | null {
  if (limit.pending === null) return null;
  const at = formatTime(limit.pending.from);
  return limit.pending.value === null
    ? `Removed at ${at}`
    : `Raises to ${limitText(limit.kind, limit.pending.value)} at ${at}`;
}

/** A client's exclusion as the back office shows it: "Time-out until 4 Dec 2026 02:05 PM". */
export function exclusionText(exclusion: ExclusionWire | null): string {
  if (exclusion === null) return 'None';
  const kind = exclusion.kind === 'time_out' ? 'Time-out' : 'Self-exclusion';
  return exclusion.until === null
    ? `${kind}, permanent`
    : `${kind} until ${formatTime(exclusion.until)}`;
}

interface ClientSaferProps {
  readonly username: string;
  readonly limits: readonly LimitWire[];
  readonly exclusion: ExclusionWire | null;
  /** An admin: may set ceilings and lift an ended self-exclusion. */
  readonly mayManage: boolean;
}

export function ClientSafer({ username, limits, exclusion, mayManage }: ClientSaferProps) {
  return (
    <>
      <h2 className={styles.subtitle}>Safer betting</h2>
      <dl className={styles.summary}>
        <Figure label="Exclusion">{exclusionText(exclusion)}</Figure>
      </dl>
      <DetailTable
        label="Limits"
        head={['Limit', 'Own', 'In force', 'Pending', 'Ceiling', 'Left']}
        numeric={[1, 2, 4, 5]}
        rows={limits.map((limit) => ({
          key: limit.kind,
          cells: [
            LIMIT_LABELS[limit.kind],
            limitAmount(limit, limit.own),
            limitAmount(limit, limit.value),
            pendingText(limit) ?? '—',
            limitAmount(limit, limit.ceiling),
            limit.left === null ? '—' : rupees(limit.left),
          ],
        }))}
      />
      {mayManage && (
        <ClientSaferActions username={username} limits={limits} exclusion={exclusion} />
      )}
    </>
  );
}
