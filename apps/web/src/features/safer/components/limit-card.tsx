/**
 * One limit's card on the safer-betting page (docs/safer-gambling.md#limits): its figures, a raise
 * or removal waiting, and the form that changes it.
 */
import type { LimitWire } from '@backlay/contract/safer';
import { LIMIT_LABELS } from '@backlay/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { formatDateTime } from '../../../lib/format';
import { formatLimit, parseWhole, pendingLimitText } from '../../../lib/limit-label';
import { useSetLimit } from '../api/set-limit';
import { isLossKind, LOSS_PERIODS, rupees } from '../limits';
import { failureText, SAFER_TEXTS } from './safer-texts';
import buttons from '../../../ui/buttons.module.css';
import styles from './safer-betting.module.css';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface LimitCardProps {
  readonly limit: LimitWire;
  /** When the session limit ends this session; null for every other limit. */
  readonly sessionEndsAt: string | null;
}

/**
 * One limit: what holds now, the client's own setting, a raise or removal waiting its 24 hours,
 * the operator's ceiling, and for a loss limit what is left and when it resets; and the form that
 * sets, lowers, raises or removes it (whole rupees, or minutes for the session).
 */
export function LimitCard({ limit, sessionEndsAt }: LimitCardProps) {
  const ids = { title: useId(), input: useId(), error: useId() };
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useSetLimit();
  const name = LIMIT_LABELS[limit.kind];
  const isSession = limit.kind === 'session';
  const pending = pendingLimitText(limit);
  const isRemovalPending = limit.pending !== null && limit.pending.value === null;

  async function send(value: number | null) {
    if (update.isPending) return;
    try {
      const answer = await update.mutateAsync({ kind: limit.kind, value });
      if (answer.Status) {
        toast.success(answer.Result.message);
        setText('');
      } else {
        toast.error(answer.Result);
      }
    } catch (caught) {
      const message = failureText(caught);
      if (message !== null) toast.error(message);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = parseWhole(text);
    if (value === undefined) {
      setError(isSession ? SAFER_TEXTS.minutesNeeded : SAFER_TEXTS.rupeesNeeded);
      return;
    }
    setError(null);
    void send(value);
  }

  return (
    <section className={styles.card} aria-labelledby={ids.title}>
      <h3 id={ids.title} className={styles.cardTitle}>
        {name}
      </h3>
      <dl className={styles.figures}>
        <Figure label="In force">
          {limit.value === null ? 'No limit' : formatLimit(limit.kind, limit.value)}
        </Figure>
        <Figure label="Your limit">
          {limit.own === null ? 'None' : formatLimit(limit.kind, limit.own)}
        </Figure>
        {limit.ceiling !== null && (
          <Figure label="Operator's ceiling">{formatLimit(limit.kind, limit.ceiling)}</Figure>
        )}
        {isLossKind(limit.kind) && limit.left !== null && (
          <Figure label={`Left ${LOSS_PERIODS[limit.kind]}`}>{rupees(limit.left)}</Figure>
        )}
        {isLossKind(limit.kind) && limit.value !== null && limit.resetsAt !== null && (
          <Figure label="Resets">
            <time dateTime={limit.resetsAt}>{formatDateTime(limit.resetsAt)}</time>
          </Figure>
        )}
        {sessionEndsAt !== null && (
          <Figure label="This session ends">
            <time dateTime={sessionEndsAt}>{formatDateTime(sessionEndsAt)}</time>
          </Figure>
        )}
      </dl>
      {pending !== null && <p className={styles.pending}>{pending}</p>}
      <form className={styles.limitForm} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={ids.input}>{isSession ? 'New limit (minutes)' : 'New limit (₹)'}</label>
          <input
            id={ids.input}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            maxLength={13}
            aria-invalid={error !== null}
            aria-describedby={error ? ids.error : undefined}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(null);
            }}
          />
        </div>
        <div className={styles.formActions}>
          <button type="submit" className={buttons.primary} disabled={update.isPending}>
            Save
          </button>
          {limit.own !== null && !isRemovalPending && (
            <button
              type="button"
              className={buttons.secondary}
              disabled={update.isPending}
              onClick={() => void send(null)}
            >
              Remove limit
            </button>
          )}
        </div>
        {error && (
          <p id={ids.error} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
