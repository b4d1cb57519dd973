/**
 * The client's safer betting (docs/safer-gambling.md): their exclusion, each limit (own, in
 * force, pending, the operator's ceiling, what is left), and for an admin the tools on them.
 */
import type { ExclusionWire, LimitWire } from '@backlay/contract/safer';
import { LIMIT_LABELS } from '@backlay/domain';
import { formatLimit, pendingLimitText } from '../../../lib/limit-label';
import { formatTime, rupees } from '../format';
import { ClientSaferActions } from './client-safer-actions';
import { DetailTable } from './detail-table';
import { Figure } from './figures';
import styles from './backoffice.module.css';

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
            pendingLimitText(limit) ?? '—',
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
