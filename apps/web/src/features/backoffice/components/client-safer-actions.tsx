/** The admin's tools on a client's safer betting: a limit's ceiling, and lifting a self-exclusion. */
import type { ExclusionWire, LimitKind, LimitWire } from '@backlay/contract/safer';
import { LIMIT_LABELS } from '@backlay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { parseWhole } from '../../../lib/limit-label';
import { liftExclusion } from '../api/lift-exclusion';
import { setLimitCeiling } from '../api/limit-ceiling';
import { useInstantAction } from '../hooks/use-instant-action';
import { backofficeKeys } from '../query-keys';
import { ActionDialog } from './action-dialog';
import styles from './backoffice.module.css';

export const CEILING_MESSAGE = 'Ceiling: a whole number above zero';

interface ClientSaferActionsProps {
  readonly username: string;
  readonly limits: readonly LimitWire[];
  readonly exclusion: ExclusionWire | null;
}

/**
 * Safer betting for an admin: a ceiling on one of the client's limits (in force at once; the
 * client can then neither raise the limit above it nor remove it), and the lifting of an ended
 * self-exclusion, confirmed first.
 */
export function ClientSaferActions({ username, limits, exclusion }: ClientSaferActionsProps) {
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
