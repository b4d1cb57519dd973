import { formatMinutes } from '../../../lib/limit-label';
import { Modal } from '../../../ui/modal';
import { useSessionSummary } from '../api/get-session-summary';
import { signedRupees } from '../limits';
import buttons from '../../../ui/buttons.module.css';
import styles from './reality-check.module.css';

export const REALITY_CHECK_TEXTS = {
  loading: 'Loading this session’s figures…',
  failed: 'This session’s figures could not be loaded.',
} as const;

/** A check on screen: when it fell due and when it opened (epoch ms; later after a sleep). */
export interface OpenCheck {
  readonly dueAt: number;
  readonly openedAt: number;
}

/** The reality check's dialog (./reality-check.tsx opens it): a chunk fetched once checks are on. */
export function RealityCheckDialog({
  check,
  startedAt,
  onContinue,
  onLogout,
}: {
  check: OpenCheck;
  startedAt: number;
  onContinue: () => void;
  onLogout: () => void;
}) {
  const summary = useSessionSummary(check.dueAt);
  const loggedIn = formatMinutes((check.openedAt - startedAt) / 60_000);
  return (
    <Modal
      title="Reality check"
      onClose={onContinue}
      footer={
        <>
          <button
            type="button"
            className={`${buttons.secondary} ${styles.button}`}
            onClick={onLogout}
          >
            Log out
          </button>
          <button
            type="button"
            className={`${buttons.primary} ${styles.button}`}
            onClick={onContinue}
          >
            Continue
          </button>
        </>
      }
    >
      <p className={styles.lead}>You have been logged in for {loggedIn}.</p>
      <dl className={styles.figures}>
        <div>
          <dt>Time logged in</dt>
          <dd>{loggedIn}</dd>
        </div>
        <div>
          <dt>Bets placed</dt>
          <dd>{summary.data ? summary.data.bets : '…'}</dd>
        </div>
        <div>
          <dt>Net result</dt>
          <dd data-tone={summary.data ? toneOf(summary.data.net) : undefined}>
            {summary.data ? signedRupees(summary.data.net) : '…'}
          </dd>
        </div>
      </dl>
      {summary.isPending && (
        <p className={styles.note} role="status">
          {REALITY_CHECK_TEXTS.loading}
        </p>
      )}
      {summary.isError && (
        <p className={styles.note} role="alert">
          {REALITY_CHECK_TEXTS.failed}
        </p>
      )}
    </Modal>
  );
}

const toneOf = (net: number) => (net > 0 ? 'profit' : net < 0 ? 'loss' : 'even');
